import { Anchor, Box } from '@mantine/core';
import { Fragment } from 'react';

interface MailTextProps {
  text: string;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text cut into plain runs and links, each keyed by where it starts. */
function segments(text: string): { at: number; text: string; link: boolean }[] {
  const found: { at: number; text: string; link: boolean }[] = [];
  let at = 0;
  for (const [index, part] of text.split(URL_PATTERN).entries()) {
    if (part) found.push({ at, text: part, link: index % 2 === 1 });
    at += part.length;
  }
  return found;
}

/** A mail's plain text as it was sent, with its web addresses as links (invitation links can be followed). */
export function MailText({ text }: MailTextProps) {
  return (
    <Box
      component="pre"
      m={0}
      px="md"
      py="sm"
      fz="xs"
      ff="monospace"
      bg="var(--mantine-color-default-hover)"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.55 }}
    >
      {segments(text).map((segment) =>
        segment.link ? (
          <Anchor
            key={segment.at}
            href={segment.text}
            target="_blank"
            rel="noopener noreferrer"
            fz="xs"
            ff="monospace"
          >
            {segment.text}
          </Anchor>
        ) : (
          <Fragment key={segment.at}>{segment.text}</Fragment>
        ),
      )}
    </Box>
  );
}
