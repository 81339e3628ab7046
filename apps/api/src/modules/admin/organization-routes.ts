import {
  Application,
  ApplicationUsage,
  InviteInput,
  Organization,
  OrganizationPermissionsInput,
  OrganizationSecurity,
  pageOf,
  RemoveUserInput,
  UserDetail,
  UserListQuery,
  UserSummary,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { readForm } from '../../http/form.ts';
import { MAX_IMAGE_BYTES } from '../files/images.ts';
import { getDomains, getSecurity } from '../organizations/security.ts';
import { getOrganization, updateOrganization } from '../organizations/service.ts';
import { inviteUser } from '../users/invitations.ts';
import { removeFromOrganization, setOrganizationPermissions } from '../users/memberships.ts';
import { getUser, listScopedUsers } from '../users/service.ts';
import { registerUserActions } from '../users/user-action-routes.ts';
import { adminPolicy, ownOrganizationScope } from './policy.ts';

const tags = ['admin: own organization'];
const idParams = z.object({ id: z.uuid() });

/** Organization administration: the caller's own organization and its users, by organization permissions. */
export async function ownOrganizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = '/api/admin/organization';
  const users = '/api/admin/users';
  registerUserActions(app, {
    base: users,
    tags,
    scopeOf: (request) => ownOrganizationScope(request.session),
  });

  r.get(
    own,
    { schema: { tags, summary: "The caller's organization", response: okSchema(Organization) } },
    async (request) => ok(await getOrganization(contextOf(request), request.session.organizationId!, 'own')),
  );
  r.put(
    own,
    {
      schema: {
        tags,
        summary: "Edit the caller's organization",
        description: 'multipart/form-data (fields and an optional `logo`) or JSON',
        response: okSchema(Organization),
      },
    },
    async (request) =>
      ok(
        await updateOrganization(
          contextOf(request),
          request.session.organizationId!,
          await readForm(request, MAX_IMAGE_BYTES + 1),
          'own',
        ),
      ),
  );
  r.get(
    `${own}/security`,
    {
      schema: {
        tags,
        summary: "The caller's organization security settings",
        response: okSchema(OrganizationSecurity),
      },
    },
    async (request) => {
      if (!adminPolicy.viewOrganizationInfo(request.session)) throw forbidden();
      return ok(await getSecurity(contextOf(request), request.session.organizationId!));
    },
  );
  r.get(
    `${own}/:id/security/domains`,
    {
      schema: {
        tags,
        summary: "An organization's allowed domains",
        params: idParams,
        response: okSchema(OrganizationSecurity.shape.domains),
      },
    },
    async (request) => ok(await getDomains(contextOf(request), request.params.id)),
  );
  r.get(
    `${own}/applications`,
    {
      schema: {
        tags,
        summary: 'Applications and their user counts',
        response: okSchema(z.array(ApplicationUsage)),
      },
    },
    async (request) => {
      const scope = ownOrganizationScope(request.session);
      if (!adminPolicy.viewApps(request.session, scope)) throw forbidden();
      const [enabled, members] = await Promise.all([
        app.db
          .selectFrom('organization_applications')
          .select('application')
          .where('organization_id', '=', scope.organizationId)
          .execute(),
        app.db
          .selectFrom('user_organizations')
          .innerJoin('users', 'users.id', 'user_organizations.user_id')
          .where('user_organizations.organization_id', '=', scope.organizationId)
          .where('users.status', '=', 'Active')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const on = new Set(enabled.map((row) => row.application));
      return ok(
        Application.options.map((application) => ({
          application,
          enabled: on.has(application),
          userCount: on.has(application) ? Number(members.n) : 0,
        })),
      );
    },
  );
  r.get(
    `${own}/users`,
    {
      schema: {
        tags,
        summary: "The caller's organization's users, paged",
        querystring: UserListQuery,
        response: okSchema(pageOf(UserSummary)),
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return ok(
        await listScopedUsers(contextOf(request), ownOrganizationScope(request.session), filter, {
          page,
          pageSize,
        }),
      );
    },
  );
  r.post(
    `${own}/users`,
    {
      schema: {
        tags,
        summary: "Invite a user into the caller's organization",
        body: InviteInput,
        response: { 201: okSchema(UserDetail)[200] },
      },
    },
    async (request, reply) => {
      const scope = ownOrganizationScope(request.session);
      return reply
        .status(201)
        .send(ok(await inviteUser(contextOf(request), scope, scope.organizationId, request.body), 'Created'));
    },
  );
  r.put(
    `${own}/remove-user`,
    {
      schema: {
        tags,
        summary: "Remove a user from the caller's organization",
        body: RemoveUserInput,
        response: okSchema(UserDetail),
      },
    },
    async (request) => {
      const scope = ownOrganizationScope(request.session);
      return ok(
        await removeFromOrganization(contextOf(request), scope, scope.organizationId, request.body.userId),
      );
    },
  );

  r.get(
    `${users}/:id/organization-permissions`,
    {
      schema: {
        tags,
        summary: "A user's permissions in the caller's organization",
        params: idParams,
        response: okSchema(OrganizationPermissionsInput),
      },
    },
    async (request) => {
      const scope = ownOrganizationScope(request.session);
      const user = await getUser(contextOf(request), scope, request.params.id);
      return ok({
        permissions:
          user.organizations.find((m) => m.organizationId === scope.organizationId)?.permissions ?? [],
      });
    },
  );
  r.put(
    `${users}/:id/organization-permissions`,
    {
      schema: {
        tags,
        summary: "Set a user's permissions in the caller's organization",
        params: idParams,
        body: OrganizationPermissionsInput,
        response: okSchema(OrganizationPermissionsInput),
      },
    },
    async (request) => {
      const scope = ownOrganizationScope(request.session);
      const user = await setOrganizationPermissions(
        contextOf(request),
        scope,
        request.params.id,
        scope.organizationId,
        request.body.permissions,
      );
      return ok({
        permissions:
          user.organizations.find((m) => m.organizationId === scope.organizationId)?.permissions ?? [],
      });
    },
  );
}
