import { MAX_PERMIT_FILE_BYTES } from '@crossarm/shared';

// What a new comment is made of, as the server reads it: HTML with mention spans, and up to five files.

/** The most files one comment takes. */
export const MAX_COMMENT_FILES = 5;

/** The longest comment HTML the server accepts. */
export const MAX_COMMENT_HTML = 20_000;

/** A mention as the editor emits it: `<span data-mention="userId">@Name</span>`, nothing else. */
export function mentionSpec(userId: string, name: string): [string, Record<string, string>, string] {
  return ['span', { 'data-mention': userId }, `@${name}`];
}

/** Whether the HTML shows no text at all (empty paragraphs, breaks and spaces only). */
export function isBlankCommentHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/** Why the comment cannot be posted yet, or null when it can. */
export function commentProblem(
  html: string,
  files: readonly { name: string; size: number }[],
): string | null {
  if (isBlankCommentHtml(html) && files.length === 0) return 'Write a comment or attach a file.';
  if (html.length > MAX_COMMENT_HTML) return 'The comment is too long: shorten it to post it.';
  if (files.length > MAX_COMMENT_FILES) return `Attach at most ${MAX_COMMENT_FILES} files to one comment.`;
  const large = files.find((file) => file.size > MAX_PERMIT_FILE_BYTES);
  if (large) return `${large.name} is larger than ${MAX_PERMIT_FILE_BYTES / 1024 / 1024} MB.`;
  return null;
}

/** The multipart body of a new comment: `html`, then each file as a `files` part. */
export function commentForm(html: string, files: readonly File[]): FormData {
  const body = new FormData();
  body.append('html', isBlankCommentHtml(html) ? '' : html);
  for (const file of files) body.append('files', file, file.name);
  return body;
}

/** Adds newly chosen files to those attached, leaving out ones already there (same name and size). */
export function addAttachments(current: readonly File[], chosen: readonly File[]): File[] {
  const next = [...current];
  for (const file of chosen) {
    if (!next.some((kept) => kept.name === file.name && kept.size === file.size)) next.push(file);
  }
  return next;
}

/** The author's name as a comment shows it. */
export function authorName(author: { name: string | null }): string {
  return author.name?.trim() || 'Former user';
}

/** The initials of a name for an avatar: "Ada Lovelace" gives "AL". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
