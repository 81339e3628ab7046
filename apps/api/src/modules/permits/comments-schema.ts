import { MAX_PAGE_SIZE } from '@crossarm/shared';
import { z } from 'zod';
import { MAX_COMMENT_HTML } from './comments-html.ts';

// The shapes of the permit comment endpoints. They live beside the API until the web app's comment panel
// needs them, when they move to the shared package unchanged.

const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25);

/** `GET joint-use/permit/{id}/comments`: page 1 holds the oldest comments. */
export const CommentsQuery = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize });

/** `GET joint-use/permit/{id}/comment/{commentId}/page`. */
export const CommentPageQuery = z.object({ pageSize });

export const CommentPage = z.object({
  /** The page the comment is on with that page size. */
  page: z.number().int(),
});

/** `POST joint-use/permit/{id}/comments` fields (files come as `files` parts). */
export const NewCommentFields = z.object({
  /** Rich text; sanitised on the server, with mention spans `<span data-mention="userId">`. */
  html: z.string().max(MAX_COMMENT_HTML, 'At most 20,000 characters').default(''),
});

/** `POST joint-use/permit/comments/read`: all comments, those up to one, or the listed ones. */
export const MarkCommentsRead = z
  .object({
    permitId: z.uuid(),
    /** Marks this comment and every earlier one read. */
    upToCommentId: z.uuid().optional(),
    /** Marks exactly these comments read. */
    commentIds: z.array(z.uuid()).min(1).max(500).optional(),
  })
  .refine((body) => !(body.upToCommentId && body.commentIds), {
    message: 'Give upToCommentId or commentIds, not both',
    path: ['commentIds'],
  });
export type MarkCommentsRead = z.infer<typeof MarkCommentsRead>;

export const UnreadComments = z.object({
  permitId: z.uuid(),
  /** Comments on the permit the caller has not read; their own count as read. */
  unreadComments: z.number().int(),
});

/** `GET joint-use/permit/{id}/comments/mentionable`. */
export const MentionableQuery = z.object({ filter: z.string().trim().max(200).optional() });

export const MentionableUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
});
export type MentionableUser = z.infer<typeof MentionableUser>;

export const CommentAttachment = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Where the file downloads from. */
  url: z.string(),
});

export const PermitComment = z.object({
  id: z.uuid(),
  author: z.object({
    /** Null once the author's account is gone. */
    userId: z.uuid().nullable(),
    name: z.string().nullable(),
    organizationId: z.uuid().nullable(),
    organizationName: z.string().nullable(),
  }),
  /** Sanitised rich text. */
  html: z.string(),
  mentions: z.array(z.object({ userId: z.uuid(), name: z.string().nullable() })),
  attachments: z.array(CommentAttachment),
  createdAt: z.string(),
  /** Whether the caller has read it. */
  read: z.boolean(),
});
export type PermitComment = z.infer<typeof PermitComment>;

export const CommentsPage = z.object({
  items: z.array(PermitComment),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Comments on the permit the caller has not read. */
  unreadComments: z.number().int(),
});
