import { Group } from '@mantine/core';
import { FullPagePanel } from '../../../components/FullPagePanel';
import { HelpCenterLink } from '../../../components/HelpCenterLink';
import { LogoutButton } from './LogoutButton';

/** For a user the API does not know, or whose account is not Active. */
export function AccessUnauthorizedPanel() {
  return (
    <FullPagePanel
      title="Access Unauthorized"
      actions={
        <Group justify="space-between">
          <HelpCenterLink />
          <LogoutButton />
        </Group>
      }
    >
      We're sorry, but your account is currently not authorized to access this system. Please contact your
      administrator or the help desk for assistance.
    </FullPagePanel>
  );
}
