import { Avatar, Button, Divider, Popover, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../../lib/auth/auth-client';
import { firstAdminPath } from '../../admin/admin-access';
import { useDarkMode } from '../../session/use-dark-mode';
import { useSession } from '../../session/use-session';

function initials(firstName: string, lastName: string, email: string): string {
  const letters = `${firstName.charAt(0)}${lastName.charAt(0)}`.trim();
  return (letters || email.charAt(0)).toUpperCase();
}

/** The avatar button and the pane it opens: who is signed in, dark mode, Administration, Log out. */
export function ProfilePane() {
  const session = useSession();
  const navigate = useNavigate();
  const { darkMode, setDarkMode } = useDarkMode();
  const [opened, setOpened] = useState(false);
  const { user, organization } = session;
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const adminPath = firstAdminPath(session);
  const go = (path: string) => {
    setOpened(false);
    navigate(path);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton onClick={() => setOpened((o) => !o)} aria-label="Open profile" aria-expanded={opened}>
          <Avatar size={30} radius="xl" color="initials" name={fullName}>
            {initials(user.firstName, user.lastName, user.email)}
          </Avatar>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label="Profile" role="dialog">
        <Stack gap="sm">
          <div>
            <Text fw={600} size="sm">
              {fullName}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              {organization?.name ?? 'No organization'}
            </Text>
          </div>
          <Divider />
          <Switch
            label="Dark mode"
            checked={darkMode}
            onChange={(event) => setDarkMode(event.currentTarget.checked)}
          />
          <Divider />
          {adminPath ? (
            <Button
              variant="subtle"
              color="gray"
              justify="flex-start"
              leftSection={<IconSettings size={16} />}
              onClick={() => go(adminPath)}
            >
              Administration
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="gray"
            justify="flex-start"
            leftSection={<IconLogout size={16} />}
            onClick={() => void authClient.logout()}
          >
            Log out
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
