import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { addComment, findCommentPage, listComments, requireCommenter } from './comments.ts';
import { MAX_COMMENT_FILES } from './comments-files.ts';
import { getUnreadComments, listMentionable, markCommentsRead, openCommentFile } from './comments-read.ts';
import {
  CommentPage,
  CommentPageQuery,
  CommentsPage,
  CommentsQuery,
  MarkCommentsRead,
  MentionableQuery,
  MentionableUser,
  PermitComment,
  UnreadComments,
} from './comments-schema.ts';
import { receiveFiles } from './files-upload.ts';

const tags = ['permit comments'];
const base = '/api/joint-use/permit';
const permitParams = z.object({ id: z.uuid() });

/** The conversation on a permit: comments with mentions and files, and who has read them. */
export async function permitCommentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${base}/:id/comments`,
    {
      schema: {
        tags,
        summary: "A page of the permit's comments, oldest first",
        params: permitParams,
        querystring: CommentsQuery,
        response: okSchema(CommentsPage),
      },
    },
    async (request) => ok(await listComments(contextOf(request), request.params.id, request.query)),
  );
  r.post(
    `${base}/:id/comments`,
    {
      schema: {
        tags,
        summary: 'Comment on the permit',
        description:
          'multipart/form-data: `html` (rich text, mentions as `<span data-mention="userId">`) and up to five files (any field name), checked by their bytes as permit files are',
        params: permitParams,
        response: { 201: okSchema(PermitComment)[200] },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      await requireCommenter(ctx, request.params.id);
      const form = await receiveFiles(request, app.storage, MAX_COMMENT_FILES);
      const comment = await addComment(ctx, request.params.id, form);
      return reply.status(201).send(ok(comment, 'Created'));
    },
  );
  r.get(
    `${base}/:id/comment/:commentId/page`,
    {
      schema: {
        tags,
        summary: 'The page of the comments a comment is on',
        params: z.object({ id: z.uuid(), commentId: z.uuid() }),
        querystring: CommentPageQuery,
        response: okSchema(CommentPage),
      },
    },
    async (request) =>
      ok(
        await findCommentPage(
          contextOf(request),
          request.params.id,
          request.params.commentId,
          request.query.pageSize,
        ),
      ),
  );
  readRoutes(app);
}

/** Read marks, the unread count, the mention autocomplete and file downloads. */
function readRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    `${base}/comments/read`,
    {
      schema: {
        tags,
        summary: "Mark a permit's comments read: all, those up to one, or listed ones",
        body: MarkCommentsRead,
        response: okSchema(UnreadComments),
      },
    },
    async (request) => ok(await markCommentsRead(contextOf(request), request.body)),
  );
  r.get(
    `${base}/:id/comments/unread-count`,
    {
      schema: {
        tags,
        summary: "How many of the permit's comments the caller has not read",
        params: permitParams,
        response: okSchema(UnreadComments),
      },
    },
    async (request) => ok(await getUnreadComments(contextOf(request), request.params.id)),
  );
  r.get(
    `${base}/:id/comments/mentionable`,
    {
      schema: {
        tags,
        summary: 'People who see the permit and may be mentioned on it',
        params: permitParams,
        querystring: MentionableQuery,
        response: okSchema(z.array(MentionableUser)),
      },
    },
    async (request) => ok(await listMentionable(contextOf(request), request.params.id, request.query.filter)),
  );
  r.get(
    `${base}/:id/comments/:commentId/files/:fileId`,
    {
      schema: {
        tags,
        summary: "Download a comment's file",
        params: z.object({ id: z.uuid(), commentId: z.uuid(), fileId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { id, commentId, fileId } = request.params;
      const file = await openCommentFile(contextOf(request), { permitId: id, commentId, fileId });
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(app.storage.read(file.storage_key));
    },
  );
}
