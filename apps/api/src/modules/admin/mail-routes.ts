import { MailRecord, pageOf } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { adminPolicy } from './policy.ts';

/**
 * The mail outbox, for system administrators who manage users: without an SMTP server it is where
 * invitations and reset links can be read. Newest first.
 */
export async function mailOutboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/system/mail-outbox',
    {
      schema: {
        tags: ['admin: mail'],
        summary: 'E-mail sent by Crossarm',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(25),
          to: z.string().trim().toLowerCase().optional(),
        }),
        response: okSchema(pageOf(MailRecord)),
      },
    },
    async (request) => {
      if (!adminPolicy.manageUsers(request.session, { kind: 'system' })) throw forbidden();
      const { page, pageSize, to } = request.query;
      let query = app.db.selectFrom('mail_outbox');
      if (to) query = query.where('to_address', '=', to);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        items: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          subject: row.subject,
          template: row.template,
          text: row.text_body,
          createdAt: row.created_at.toISOString(),
          sentAt: row.sent_at?.toISOString() ?? null,
        })),
        total: Number(total.n),
        page,
        pageSize,
      });
    },
  );
}
