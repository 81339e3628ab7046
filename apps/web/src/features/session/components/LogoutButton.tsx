import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { authClient } from '../../../lib/auth/auth-client';

/** Signs out at the identity provider and returns to the app's start page. */
export function LogoutButton() {
  return (
    <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void authClient.logout()}>
      Logout
    </Button>
  );
}
