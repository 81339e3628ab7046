import { Button, Group } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPagePanel } from '../components/FullPagePanel';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'An unexpected error occurred.';
}

/** Shown when a page fails to load or render: says what happened and offers a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Page failed:', error);
  return (
    <FullPagePanel
      title="Something went wrong"
      actions={
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => window.location.assign('/landing')}>
            Go to Landing
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      }
    >
      {`This page could not be shown: ${describe(error)}`}
    </FullPagePanel>
  );
}
