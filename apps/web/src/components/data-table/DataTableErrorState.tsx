import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api/api-error';

interface DataTableErrorStateProps {
  error: unknown;
  onRetry?: () => void;
}

/** What went wrong loading a list, and a way to try again. */
export function DataTableErrorState({ error, onRetry }: DataTableErrorStateProps) {
  const forbidden = isApiError(error) && error.status === 403;
  const detail = isApiError(error) ? error.detail || error.title : 'The list could not be loaded.';
  return (
    <EmptyState
      py={40}
      px="md"
      maw={480}
      mx="auto"
      icon={<IconAlertTriangle size={24} stroke={1.5} />}
      variant="light"
      color="red"
      role="alert"
    >
      <EmptyState.Title order={3}>
        {forbidden ? 'Not available to you' : 'This list did not load'}
      </EmptyState.Title>
      <EmptyState.Description>
        {forbidden
          ? 'Your permissions do not include this list. Ask an administrator of your organization if you need it.'
          : `${detail} Check your connection and try again.`}
      </EmptyState.Description>
      {forbidden ? (
        <EmptyState.Actions>
          <Button size="xs" variant="default" component={Link} to="/landing">
            Go to the start page
          </Button>
        </EmptyState.Actions>
      ) : onRetry ? (
        <EmptyState.Actions>
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
