import { Button, EmptyState, Group, Paper } from '@mantine/core';
import { IconAlertTriangle, IconQuestionMark } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isNotFound } from '../lib/api/api-error';

interface LoadErrorStateProps {
  error: unknown;
  /** 'organization', 'user'. */
  noun: string;
  backTo: { label: string; to: string };
  onRetry: () => void;
}

/** A detail page whose record did not load: gone (or a link naming no record) or failed, with the ways out. */
export function LoadErrorState({ error, noun, backTo, onRetry }: LoadErrorStateProps) {
  const missing = isNotFound(error);
  return (
    <Paper withBorder radius="md" py={48} px="md">
      <EmptyState
        maw={460}
        mx="auto"
        icon={
          missing ? <IconQuestionMark size={26} stroke={1.5} /> : <IconAlertTriangle size={26} stroke={1.5} />
        }
        withIndicatorBackground
        role={missing ? undefined : 'alert'}
      >
        <EmptyState.Title order={1} fz="h4">
          {missing ? `This ${noun} does not exist` : `The ${noun} did not load`}
        </EmptyState.Title>
        <EmptyState.Description>
          {missing
            ? `It may have been deleted, or the link is wrong.`
            : 'Something went wrong on the way. Check your connection and try again.'}
        </EmptyState.Description>
        <EmptyState.Actions>
          <Group gap="xs" justify="center">
            {missing ? null : (
              <Button size="xs" variant="default" onClick={onRetry}>
                Try again
              </Button>
            )}
            <Button size="xs" variant={missing ? 'default' : 'subtle'} component={Link} to={backTo.to}>
              Back to {backTo.label}
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
