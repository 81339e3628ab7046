/** A change to the editor's text with where the selection goes afterwards. */
export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/** One formatting button of the terms editor: the markup it puts around the selection. */
export interface TermsFormat {
  label: string;
  before: string;
  after: string;
  /** Put inside the markup when nothing is selected. */
  placeholder: string;
}

/** The editor's formatting buttons, in toolbar order. */
export const TERMS_FORMATS: readonly TermsFormat[] = [
  { label: 'Heading', before: '<h2>', after: '</h2>', placeholder: 'Heading' },
  { label: 'Paragraph', before: '<p>', after: '</p>', placeholder: 'Paragraph text' },
  { label: 'Bold', before: '<strong>', after: '</strong>', placeholder: 'bold text' },
  { label: 'Italic', before: '<em>', after: '</em>', placeholder: 'italic text' },
  { label: 'List', before: '<ul>\n  <li>', after: '</li>\n</ul>', placeholder: 'First item' },
  { label: 'Link', before: '<a href="https://">', after: '</a>', placeholder: 'link text' },
];

/**
 * Puts a format's markup around the selected text (or its placeholder when nothing is selected) and
 * selects the text inside, so typing replaces the placeholder.
 */
export function applyFormat(text: string, start: number, end: number, format: TermsFormat): TextEdit {
  const { before, after, placeholder } = format;
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  const inner = text.slice(from, to) || placeholder;
  return {
    text: text.slice(0, from) + before + inner + after + text.slice(to),
    selectionStart: from + before.length,
    selectionEnd: from + before.length + inner.length,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** True when the text holds markup (a tag), rather than plain text typed or pasted in. */
export function hasMarkup(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(text);
}

/**
 * The HTML that is published: markup as written, or plain text made into paragraphs (a blank line between
 * paragraphs, single line breaks kept).
 */
export function termsHtml(text: string): string {
  const trimmed = text.trim();
  if (!trimmed || hasMarkup(trimmed)) return trimmed;
  return trimmed
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
