import sanitizeHtml from 'sanitize-html';

// Comment HTML is sanitised on the server whatever the editor sent: only formatting, links and mention
// spans survive, so a comment can never run script or load anything in another person's browser.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest comment HTML accepted, before sanitising. */
export const MAX_COMMENT_HTML = 20_000;

const BASE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['data-mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
};

// Links open elsewhere without handing over the app's window, and lend the target no ranking.
const linkTransform = sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow', target: '_blank' });

/** The user ids the HTML's mention spans name (well-formed ids only), once each. */
export function mentionCandidates(html: string): string[] {
  const found = new Set<string>();
  sanitizeHtml(html, {
    ...BASE,
    transformTags: {
      span: (tagName, attribs) => {
        const id = attribs['data-mention'];
        if (id && UUID.test(id)) found.add(id.toLowerCase());
        return { tagName, attribs };
      },
    },
  });
  return [...found];
}

/**
 * The HTML as it is stored, and who it mentions: safe markup only, and mention spans only for the users in
 * `mentionable` (id → display name), their text set to "@name" so a mention cannot pose as someone else.
 * Other mention spans become plain spans. Mentions are taken from the spans themselves, never from the
 * output text, where a quoted `data-mention="..."` typed as prose would look the same.
 */
export function sanitizeCommentHtml(html: string, mentionable: Map<string, string>) {
  const mentions = new Set<string>();
  const clean = sanitizeHtml(html, {
    ...BASE,
    transformTags: {
      a: linkTransform,
      span: (tagName, attribs): sanitizeHtml.Tag => {
        const id = attribs['data-mention']?.toLowerCase();
        const name = id ? mentionable.get(id) : undefined;
        if (!id || name === undefined) return { tagName, attribs: {} };
        mentions.add(id);
        return { tagName, attribs: { 'data-mention': id }, text: `@${name}` };
      },
    },
  }).trim();
  return { html: clean, mentions: [...mentions] };
}

/** Whether the stored HTML shows any text at all. */
export function hasText(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
