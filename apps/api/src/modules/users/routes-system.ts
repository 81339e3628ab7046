import {
  AuditRecord,
  ExportFormat,
  InviteInput,
  pageOf,
  RemoveUserInput,
  RoleInput,
  SystemPermission,
  SystemPermissionsInput,
  UserDetail,
  UserExportBody,
  UserListQuery,
  UserMembership,
  UserOrganizationPermissionsInput,
  UserOrganizationsInput,
  UserSummary,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type AdminScope, adminPolicy } from '../admin/policy.ts';
import { listAudit } from '../audit/audit.ts';
import { exportUsers } from './export.ts';
import { inviteUser } from './invitations.ts';
import { removeFromOrganization, setOrganizationPermissions, setOrganizations } from './memberships.ts';
import {
  getSystemPermissions,
  getUser,
  listScopedUsers,
  requireUser,
  setRole,
  setSystemPermissions,
} from './service.ts';
import { registerUserActions } from './user-action-routes.ts';

const tags = ['admin: users'];
const SYSTEM: AdminScope = { kind: 'system' };
const idParams = z.object({ id: z.uuid() });
const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/** System administration of users, across every organization. */
export async function systemUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = '/api/admin/system/users';
  const orgs = '/api/admin/system/organizations';
  registerUserActions(app, { base: users, tags, scopeOf: () => SYSTEM });

  r.get(
    users,
    {
      schema: {
        tags,
        summary: 'All users, paged',
        querystring: UserListQuery,
        response: okSchema(pageOf(UserSummary)),
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return ok(await listScopedUsers(contextOf(request), SYSTEM, filter, { page, pageSize }));
    },
  );

  for (const format of ExportFormat.options) {
    r.post(
      `${users}/export/${format.toLowerCase()}`,
      { schema: { tags, summary: `Export users to ${format}`, body: UserExportBody } },
      async (request, reply) => exportUsers(contextOf(request), reply, SYSTEM, format, request.body),
    );
    r.post(
      `${orgs}/:id/users/export/${format.toLowerCase()}`,
      {
        schema: {
          tags,
          summary: `Export an organization's users to ${format}`,
          params: idParams,
          body: UserExportBody,
        },
      },
      async (request, reply) =>
        exportUsers(
          contextOf(request),
          reply,
          { kind: 'system', organizationId: request.params.id },
          format,
          request.body,
          'organization-users',
        ),
    );
  }

  r.put(
    `${users}/:id/role`,
    {
      schema: {
        tags,
        summary: "Set a user's role",
        params: idParams,
        body: RoleInput,
        response: okSchema(UserDetail),
      },
    },
    async (request) => ok(await setRole(contextOf(request), request.params.id, request.body.role)),
  );
  r.get(
    `${users}/:id/permissions`,
    {
      schema: {
        tags,
        summary: "A user's system permissions",
        params: idParams,
        response: okSchema(z.array(SystemPermission)),
      },
    },
    async (request) => ok(await getSystemPermissions(contextOf(request), request.params.id)),
  );
  r.put(
    `${users}/:id/permissions`,
    {
      schema: {
        tags,
        summary: "Set a user's system permissions",
        params: idParams,
        body: SystemPermissionsInput,
        response: okSchema(z.array(SystemPermission)),
      },
    },
    async (request) =>
      ok(await setSystemPermissions(contextOf(request), request.params.id, request.body.permissions)),
  );
  r.get(
    `${users}/:id/organizations`,
    {
      schema: {
        tags,
        summary: 'The organizations a user belongs to',
        params: idParams,
        response: okSchema(z.array(UserMembership)),
      },
    },
    async (request) => ok((await getUser(contextOf(request), SYSTEM, request.params.id)).organizations),
  );
  r.put(
    `${users}/:id/organizations`,
    {
      schema: {
        tags,
        summary: 'Set the organizations a user belongs to',
        params: idParams,
        body: UserOrganizationsInput,
        response: okSchema(z.array(UserMembership)),
      },
    },
    async (request) =>
      ok(
        (
          await setOrganizations(
            contextOf(request),
            request.params.id,
            request.body.organizationIds,
            request.body.workingOrganizationId,
          )
        ).organizations,
      ),
  );
  r.get(
    `${users}/:id/organization-permissions`,
    {
      schema: {
        tags,
        summary: "A user's permissions in each organization",
        params: idParams,
        response: okSchema(z.array(UserMembership)),
      },
    },
    async (request) => ok((await getUser(contextOf(request), SYSTEM, request.params.id)).organizations),
  );
  r.put(
    `${users}/:id/organization-permissions`,
    {
      schema: {
        tags,
        summary: "Set a user's permissions in one organization",
        params: idParams,
        body: UserOrganizationPermissionsInput,
        response: okSchema(z.array(UserMembership)),
      },
    },
    async (request) =>
      ok(
        (
          await setOrganizationPermissions(
            contextOf(request),
            SYSTEM,
            request.params.id,
            request.body.organizationId,
            request.body.permissions,
          )
        ).organizations,
      ),
  );
  r.get(
    `${users}/:id/audit`,
    {
      schema: {
        tags,
        summary: 'Changes administrators made to a user',
        params: idParams,
        querystring: paging,
        response: okSchema(pageOf(AuditRecord)),
      },
    },
    async (request) => {
      if (!adminPolicy.viewUsers(request.session, SYSTEM)) throw forbidden();
      await requireUser(app.db, SYSTEM, request.params.id);
      return ok(await listAudit(app.db, { type: 'user', id: request.params.id }, request.query));
    },
  );

  r.get(
    `${orgs}/:id/users`,
    {
      schema: {
        tags,
        summary: "An organization's users, paged",
        params: idParams,
        querystring: UserListQuery,
        response: okSchema(pageOf(UserSummary)),
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      await requireOrganization(app, request.params.id);
      return ok(
        await listScopedUsers(
          contextOf(request),
          { kind: 'system', organizationId: request.params.id },
          filter,
          { page, pageSize },
        ),
      );
    },
  );
  r.post(
    `${orgs}/:id/users`,
    {
      schema: {
        tags,
        summary: 'Invite a user into an organization',
        params: idParams,
        body: InviteInput,
        response: { 201: okSchema(UserDetail)[200] },
      },
    },
    async (request, reply) => {
      const invited = await inviteUser(contextOf(request), SYSTEM, request.params.id, request.body);
      return reply.status(201).send(ok(invited, 'Created'));
    },
  );
  r.put(
    `${orgs}/:id/remove-user`,
    {
      schema: {
        tags,
        summary: 'Remove a user from an organization',
        params: idParams,
        body: RemoveUserInput,
        response: okSchema(UserDetail),
      },
    },
    async (request) =>
      ok(await removeFromOrganization(contextOf(request), SYSTEM, request.params.id, request.body.userId)),
  );
}

async function requireOrganization(app: FastifyInstance, id: string) {
  const exists = await app.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw notFound('The organization');
}
