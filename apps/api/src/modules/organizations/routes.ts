import {
  ApplicationsInput,
  AuditRecord,
  DomainInput,
  ExportFormat,
  Organization,
  OrganizationExportBody,
  OrganizationListQuery,
  OrganizationSecurity,
  pageOf,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { readForm } from '../../http/form.ts';
import { adminPolicy } from '../admin/policy.ts';
import { listAudit } from '../audit/audit.ts';
import { MAX_IMAGE_BYTES } from '../files/images.ts';
import { exportOrganizations } from './export.ts';
import { addDomain, getDomains, getSecurity, removeDomain } from './security.ts';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listAll,
  updateApplications,
  updateOrganization,
} from './service.ts';

const tags = ['admin: organizations'];
const idParams = z.object({ id: z.uuid() });
const formNote = 'multipart/form-data (fields and an optional `logo` image) or JSON';

/** System administration of organizations: profiles, applications, allowed domains, exports and history. */
export async function organizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/system/organizations';

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'All organizations, paged',
        querystring: OrganizationListQuery,
        response: okSchema(pageOf(Organization)),
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return ok(await listAll(contextOf(request), filter, { page, pageSize }));
    },
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create an organization',
        description: formNote,
        response: { 201: okSchema(Organization)[200] },
      },
    },
    async (request, reply) => {
      const created = await createOrganization(
        contextOf(request),
        await readForm(request, MAX_IMAGE_BYTES + 1),
      );
      return reply.status(201).send(ok(created, 'Created'));
    },
  );

  r.get(
    `${base}/:id`,
    { schema: { tags, summary: 'One organization', params: idParams, response: okSchema(Organization) } },
    async (request) => ok(await getOrganization(contextOf(request), request.params.id, 'system')),
  );

  r.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: "Edit an organization's profile",
        description: formNote,
        params: idParams,
        response: okSchema(Organization),
      },
    },
    async (request) =>
      ok(
        await updateOrganization(
          contextOf(request),
          request.params.id,
          await readForm(request, MAX_IMAGE_BYTES + 1),
          'system',
        ),
      ),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an organization that has no users',
        params: idParams,
        response: okSchema(z.null()),
      },
    },
    async (request) => {
      await deleteOrganization(contextOf(request), request.params.id);
      return ok(null, 'Deleted');
    },
  );

  for (const format of ExportFormat.options) {
    r.post(
      `${base}/export/${format.toLowerCase()}`,
      { schema: { tags, summary: `Export organizations to ${format}`, body: OrganizationExportBody } },
      async (request, reply) => exportOrganizations(contextOf(request), reply, format, request.body),
    );
  }

  r.get(
    `${base}/:id/applications`,
    {
      schema: {
        tags,
        summary: 'Applications of an organization',
        params: idParams,
        response: okSchema(ApplicationsInput),
      },
    },
    async (request) => {
      const organization = await getOrganization(contextOf(request), request.params.id, 'system');
      return ok({ applications: organization.applications });
    },
  );

  r.put(
    `${base}/:id/applications`,
    {
      schema: {
        tags,
        summary: 'Turn applications on or off',
        params: idParams,
        body: ApplicationsInput,
        response: okSchema(Organization),
      },
    },
    async (request) =>
      ok(await updateApplications(contextOf(request), request.params.id, request.body.applications)),
  );

  r.get(
    `${base}/:id/security`,
    {
      schema: {
        tags,
        summary: 'Security settings of an organization',
        params: idParams,
        response: okSchema(OrganizationSecurity),
      },
    },
    async (request) => {
      if (!adminPolicy.viewOrganizations(request.session)) throw forbidden();
      return ok(await getSecurity(contextOf(request), request.params.id));
    },
  );

  const domainsSchema = okSchema(OrganizationSecurity.shape.domains);
  r.get(
    `${base}/:id/security/domains`,
    { schema: { tags, summary: 'Allowed e-mail domains', params: idParams, response: domainsSchema } },
    async (request) => {
      if (!adminPolicy.viewOrganizations(request.session)) throw forbidden();
      return ok(await getDomains(contextOf(request), request.params.id));
    },
  );

  r.post(
    `${base}/:id/security/domain`,
    {
      schema: {
        tags,
        summary: 'Allow an e-mail domain',
        params: idParams,
        body: DomainInput,
        response: domainsSchema,
      },
    },
    async (request) => ok(await addDomain(contextOf(request), request.params.id, request.body.domainName)),
  );

  r.delete(
    `${base}/:id/security/domain/:domain`,
    {
      schema: {
        tags,
        summary: 'Remove an allowed domain',
        params: z.object({ id: z.uuid(), domain: z.string().min(1).max(253) }),
        response: domainsSchema,
      },
    },
    async (request) => ok(await removeDomain(contextOf(request), request.params.id, request.params.domain)),
  );

  r.get(
    `${base}/:id/audit`,
    {
      schema: {
        tags,
        summary: 'Changes administrators made to an organization',
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(25),
        }),
        response: okSchema(pageOf(AuditRecord)),
      },
    },
    async (request) => {
      if (!adminPolicy.viewOrganizations(request.session)) throw forbidden();
      const exists = await app.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!exists) throw notFound('The organization');
      return ok(await listAudit(app.db, { type: 'organization', id: request.params.id }, request.query));
    },
  );
}
