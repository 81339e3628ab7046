import sanitizeHtml from 'sanitize-html';

/** The longest excerpt of a comment, in characters. */
export const EXCERPT_LENGTH = 200;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A comment's stored HTML as plain text for a list: tags dropped (blocks and line breaks become spaces),
 * entities read back, white space collapsed, and cut at a word boundary with an ellipsis when too long.
 */
export function commentExcerpt(html: string, length = EXCERPT_LENGTH): string {
  const spaced = html.replace(/<\/(p|li|blockquote|pre)>|<br\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
