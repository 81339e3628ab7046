import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';

function readMessage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  return typeof state.message === 'string' ? state.message : null;
}

/** /error/default: where a failure that leaves nothing to show sends the user, with its message. */
export function ErrorPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const message = readMessage(location.state) ?? searchParams.get('message');
  return (
    <PagePlaceholder
      title="Something went wrong"
      icon={<IconAlertTriangle size={28} stroke={1.5} />}
      emptyTitle="We could not complete that"
      emptyText={message ?? 'An unexpected error occurred. Go back to the landing page and try again.'}
      actions={
        <Button component={Link} to="/landing" variant="default" size="xs">
          Go to Landing
        </Button>
      }
    />
  );
}
