import { Anchor, Text } from '@mantine/core';

interface RetryNoteProps {
  /** What happened, as a sentence: 'The terms could not be loaded.' */
  message: string;
  onRetry: () => void;
}

/** A quiet line saying a part of the page could not be loaded, with Try again. */
export function RetryNote({ message, onRetry }: RetryNoteProps) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {message}{' '}
      <Anchor component="button" size="sm" onClick={onRetry}>
        Try again
      </Anchor>
    </Text>
  );
}
