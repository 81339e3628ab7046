import {
  ContributorInput,
  ExportFormat,
  Project,
  ProjectContributor,
  ProjectExportBody,
  ProjectInput,
  ProjectListQuery,
  pageOf,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { addContributor, listContributors, removeContributor } from './contributors.ts';
import { exportProjects } from './export.ts';
import { projectPeopleRoutes } from './people-routes.ts';
import { projectPermissionRoutes } from './permissions-routes.ts';
import { projectRestrictionRoutes } from './restrictions-routes.ts';
import {
  archiveProject,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  unarchiveProject,
  updateProject,
} from './service.ts';

const tags = ['projects'];
const idParams = z.object({ id: z.uuid() });

/** The Projects API: the projects the caller's organization takes part in. */
export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = async (query: z.output<typeof ProjectListQuery>, request: Parameters<typeof contextOf>[0]) => {
    const { page, pageSize, ...filter } = query;
    return ok(await listProjects(contextOf(request), filter, { page, pageSize }));
  };

  for (const path of ['/api/projects', '/api/joint-use/projects']) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: "The caller's organization's projects, paged",
          querystring: ProjectListQuery,
          response: okSchema(pageOf(Project)),
        },
      },
      (request) => list(request.query, request),
    );
  }
  r.post(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Create a project owned by the caller organization',
        body: ProjectInput,
        response: { 201: okSchema(Project)[200] },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await createProject(contextOf(request), request.body), 'Created')),
  );
  r.get(
    '/api/projects/:id',
    { schema: { tags, summary: 'One project', params: idParams, response: okSchema(Project) } },
    async (request) => ok(await getProject(contextOf(request), request.params.id)),
  );
  for (const format of ExportFormat.options) {
    r.post(
      `/api/projects/export/${format.toLowerCase()}`,
      { schema: { tags, summary: `Export the caller's projects to ${format}`, body: ProjectExportBody } },
      async (request, reply) => exportProjects(contextOf(request), reply, format, request.body),
    );
  }
  r.delete(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project with everything that is only its own',
        params: idParams,
        response: okSchema(z.null()),
      },
    },
    async (request) => {
      await deleteProject(contextOf(request), request.params.id);
      return ok(null, 'Deleted');
    },
  );
  r.put(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'Edit a project',
        params: idParams,
        body: ProjectInput,
        response: okSchema(Project),
      },
    },
    async (request) => ok(await updateProject(contextOf(request), request.params.id, request.body)),
  );
  const contributorsSchema = okSchema(z.array(ProjectContributor));
  r.get(
    '/api/projects/:id/organizations',
    {
      schema: {
        tags,
        summary: 'The organizations taking part in a project',
        params: idParams,
        response: contributorsSchema,
      },
    },
    async (request) => ok(await listContributors(contextOf(request), request.params.id)),
  );
  r.post(
    '/api/projects/:id/organizations',
    {
      schema: {
        tags,
        summary: 'Add an organization to a project',
        params: idParams,
        body: ContributorInput,
        response: contributorsSchema,
      },
    },
    async (request) =>
      ok(
        await addContributor(
          contextOf(request),
          request.params.id,
          request.body.organizationId,
          request.body.role,
        ),
      ),
  );
  r.delete(
    '/api/projects/:id/organizations/:orgId',
    {
      schema: {
        tags,
        summary: 'Remove an organization from a project',
        params: z.object({ id: z.uuid(), orgId: z.uuid() }),
        response: contributorsSchema,
      },
    },
    async (request) =>
      ok(await removeContributor(contextOf(request), request.params.id, request.params.orgId)),
  );
  r.post(
    '/api/projects/:id/archive',
    {
      schema: {
        tags,
        summary: 'Archive a project: no new permits',
        params: idParams,
        response: okSchema(Project),
      },
    },
    async (request) => ok(await archiveProject(contextOf(request), request.params.id)),
  );
  r.post(
    '/api/projects/:id/unarchive',
    { schema: { tags, summary: 'Unarchive a project', params: idParams, response: okSchema(Project) } },
    async (request) => ok(await unarchiveProject(contextOf(request), request.params.id)),
  );
  projectPermissionRoutes(app);
  projectRestrictionRoutes(app);
  projectPeopleRoutes(app);
}
