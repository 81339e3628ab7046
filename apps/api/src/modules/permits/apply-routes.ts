import { AppliedPermit, ApplyPermitInput, Completeness, CompletenessInput } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { ATTACHMENTS, applyForPermit, checkCompleteness } from './apply.ts';
import { propertyOfPart, readUpload } from './properties-files.ts';

const tags = ['permits'];

/** Multipart applications carry files for File properties of the form and attachments. */
const applicationUpload = {
  parts: (field: string) => field === ATTACHMENTS || propertyOfPart(field) !== null,
  message: `Files are sent as ${ATTACHMENTS}, or for a File property as file:<propertyEntryId>`,
  jsonFields: ['poleIds', 'values'],
};

/** Applying for a permit, and the completeness check before it. */
export async function permitApplyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/joint-use/permit',
    {
      schema: {
        tags,
        summary: 'Apply for a permit',
        description:
          'JSON or multipart/form-data with `projectId`, `templateId` (optional), `location`, `poleIds` ' +
          '(JSON array of project pole external ids) and `values` (JSON array of `{propertyEntryId, value}`). ' +
          'Multipart may carry files for File properties of the form in parts named `file:<propertyEntryId>`, ' +
          "and attachments in parts named `files`; all become the permit's files.",
        response: { 201: okSchema(AppliedPermit)[200] },
      },
    },
    async (request, reply) => {
      const { input, files } = await readUpload(request, app.storage, applicationUpload, ApplyPermitInput);
      const created = await applyForPermit(contextOf(request), input, files);
      return reply.status(201).send(ok(created, 'Created'));
    },
  );
  r.post(
    '/api/joint-use/permit/completeness',
    {
      schema: {
        tags,
        summary: 'Check an application form is complete before applying',
        body: CompletenessInput,
        response: okSchema(Completeness),
      },
    },
    async (request) => ok(await checkCompleteness(contextOf(request), request.body)),
  );
}
