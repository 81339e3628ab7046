import type { WorkflowDefinition } from '@crossarm/shared';
import { Alert, Anchor, List, ScrollArea, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type LocatedIssue, placeOf } from '../template-issues';

interface IssueSummaryProps {
  definition: WorkflowDefinition;
  issues: LocatedIssue[];
  /** A publish was just refused for these problems: said in the error colour. */
  refused: boolean;
  onReveal: (issue: LocatedIssue) => void;
}

/** Everything that keeps the draft from being published; each entry leads to the element concerned. */
export function IssueSummary({ definition, issues, refused, onReveal }: IssueSummaryProps) {
  if (issues.length === 0) return null;
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return (
    <Alert
      color={refused ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={refused ? `Not ready to publish: ${count} to fix` : `${count} to fix before publishing`}
      mb="md"
    >
      <ScrollArea.Autosize mah={160} type="auto">
        <List size="sm" spacing={2}>
          {issues.map((issue) => (
            <List.Item key={`${issue.path}:${issue.message}`}>
              <Anchor component="button" type="button" size="sm" onClick={() => onReveal(issue)}>
                {placeOf(definition, issue.target)}
              </Anchor>
              <Text span size="sm">
                {': '}
                {issue.message}
              </Text>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
