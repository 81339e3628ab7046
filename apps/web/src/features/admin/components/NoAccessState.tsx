import { Button, EmptyState, Paper } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

interface NoAccessStateProps {
  /** Where the user can go instead (their first administration page, or the landing page). */
  fallbackPath?: string | null;
}

/** Shown in place of a page the user's permissions do not cover. */
export function NoAccessState({ fallbackPath }: NoAccessStateProps) {
  return (
    <Paper withBorder radius="md" py={56} px="md">
      <EmptyState icon={<IconLock size={26} stroke={1.5} />} withIndicatorBackground maw={460} mx="auto">
        <EmptyState.Title order={1} fz="h4">
          You do not have access to this page
        </EmptyState.Title>
        <EmptyState.Description>
          Your permissions do not include this part of Administration. If you need it, ask an administrator of
          your organization.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button size="xs" variant="default" component={Link} to={fallbackPath ?? '/landing'}>
            {fallbackPath ? 'Go to a page you can see' : 'Go to the landing page'}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
