import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { parseFields, readForm } from '../../http/form.ts';
import {
  AppliedPermit,
  ApplyPermitInput,
  applyForPermit,
  Completeness,
  CompletenessInput,
  checkCompleteness,
} from './apply.ts';

const tags = ['permits'];
/** Only form fields are read when applying: the application's files are attached once the permit exists. */
const MAX_FORM_BYTES = 1_000_000;

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
          '(JSON array of project pole external ids) and `values` (JSON array of `{propertyEntryId, value}`)',
        response: { 201: okSchema(AppliedPermit)[200] },
      },
    },
    async (request, reply) => {
      const input = parseFields(ApplyPermitInput, (await readForm(request, MAX_FORM_BYTES)).fields);
      const created = await applyForPermit(contextOf(request), input);
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
