import { Button, Group } from '@mantine/core';
import { FullPagePanel } from '../../../components/FullPagePanel';
import { HelpCenterLink } from '../../../components/HelpCenterLink';
import { LogoutButton } from './LogoutButton';

interface SessionErrorPanelProps {
  message: string;
  /** Offered when signed in: the way out of a broken session. */
  withLogout: boolean;
}

/** The full-page 'Login Error' screen: starting the app or loading the session failed. */
export function SessionErrorPanel({ message, withLogout }: SessionErrorPanelProps) {
  return (
    <FullPagePanel
      title="Login Error"
      actions={
        <Group justify="space-between">
          <HelpCenterLink />
          <Group gap="xs">
            <Button variant="default" onClick={() => window.location.reload()}>
              Try again
            </Button>
            {withLogout ? <LogoutButton /> : null}
          </Group>
        </Group>
      }
    >
      {message}
    </FullPagePanel>
  );
}
