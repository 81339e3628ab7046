import { Typography, type TypographyProps } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

interface SanitizedHtmlProps extends TypographyProps {
  html: string;
  /** Set when the HTML is a document shown under the page's own heading. */
  demoteHeadings?: boolean;
}

/** Renders HTML from the server after DOMPurify has removed anything executable. */
export function SanitizedHtml({ html, demoteHeadings = false, ...props }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html, { demoteHeadings }), [html, demoteHeadings]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitised by DOMPurify just above
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
