import { List, Text } from '@mantine/core';
import type { LocatedIssue } from '../template-issues';

/** The problems of one element, in the error colour, under it. */
export function IssueMessages({ issues }: { issues: readonly LocatedIssue[] }) {
  if (issues.length === 0) return null;
  if (issues.length === 1) {
    return (
      <Text size="xs" c="var(--mantine-color-error)" data-issue>
        {issues[0]?.message}
      </Text>
    );
  }
  return (
    <List size="xs" c="var(--mantine-color-error)" spacing={2} data-issue>
      {issues.map((issue) => (
        <List.Item key={`${issue.path}:${issue.message}`}>{issue.message}</List.Item>
      ))}
    </List>
  );
}

/** The messages of several problems as one field error, or undefined. */
export const fieldError = (issues: readonly LocatedIssue[]) =>
  issues.length > 0 ? issues.map((issue) => issue.message).join(' · ') : undefined;
