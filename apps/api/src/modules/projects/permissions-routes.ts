import {
  ExportFormat,
  OrganizationProjectPermissions,
  ProjectOrganizationPermissionsInput,
  ProjectUserPermissions,
  ProjectUserPermissionsExportBody,
  ProjectUserPermissionsInput,
  ProjectUserPermissionsQuery,
  pageOf,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { exportUserPermissions } from './export.ts';
import {
  getOrganizationPermissions,
  listUserPermissions,
  setOrganizationPermissions,
  setUserPermissions,
} from './permissions.ts';

const tags = ['projects'];
const params = z.object({ id: z.uuid(), orgId: z.uuid() });
const base = '/api/projects/:id/organizations/:orgId';

/** Project permissions of contributor organizations and of their users. */
export function projectPermissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/permissions`,
    {
      schema: {
        tags,
        summary: "A contributor organization's project permissions",
        params,
        response: okSchema(OrganizationProjectPermissions),
      },
    },
    async (request) =>
      ok(await getOrganizationPermissions(contextOf(request), request.params.id, request.params.orgId)),
  );
  r.put(
    `${base}/permissions`,
    {
      schema: {
        tags,
        summary: "Set a contributor organization's project permissions",
        params,
        body: ProjectOrganizationPermissionsInput,
        response: okSchema(OrganizationProjectPermissions),
      },
    },
    async (request) =>
      ok(
        await setOrganizationPermissions(
          contextOf(request),
          request.params.id,
          request.params.orgId,
          request.body.permissions,
        ),
      ),
  );
  r.get(
    `${base}/user-permissions`,
    {
      schema: {
        tags,
        summary: "A contributor organization's users with their project permissions, paged",
        params,
        querystring: ProjectUserPermissionsQuery,
        response: okSchema(pageOf(ProjectUserPermissions)),
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const { id, orgId } = request.params;
      return ok(await listUserPermissions(contextOf(request), id, orgId, filter, { page, pageSize }));
    },
  );
  r.put(
    `${base}/user-permissions`,
    {
      schema: {
        tags,
        summary: 'Give users their own project permissions, or return them to their organization’s',
        params,
        body: ProjectUserPermissionsInput,
        response: okSchema(z.array(ProjectUserPermissions)),
      },
    },
    async (request) =>
      ok(
        await setUserPermissions(
          contextOf(request),
          request.params.id,
          request.params.orgId,
          request.body.users,
        ),
      ),
  );
  for (const format of ExportFormat.options) {
    r.post(
      `${base}/user-permissions/export/${format.toLowerCase()}`,
      {
        schema: {
          tags,
          summary: `Export a contributor organization's users with their project permissions to ${format}`,
          params,
          body: ProjectUserPermissionsExportBody,
        },
      },
      async (request, reply) =>
        exportUserPermissions(
          contextOf(request),
          reply,
          format,
          { projectId: request.params.id, organizationId: request.params.orgId },
          request.body,
        ),
    );
  }
}
