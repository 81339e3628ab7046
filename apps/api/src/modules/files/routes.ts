import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';

/** Images anyone signed in may see: organization logos and user avatars. */
const PUBLIC_PURPOSES = ['logo', 'avatar'];

export async function fileRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'An organization logo or a user avatar',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const file = await app.db
        .selectFrom('stored_files')
        .select(['storage_key', 'content_type', 'size_bytes', 'purpose'])
        .where('id', '=', request.params.id)
        .where('purpose', 'in', PUBLIC_PURPOSES)
        .executeTakeFirst();
      if (!file) throw notFound('The file');
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(app.storage.read(file.storage_key));
    },
  );
}
