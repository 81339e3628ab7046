import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';
import { ApplicationSwitcher } from './ApplicationSwitcher';
import { HubStatusBadge } from './HubStatusBadge';
import { NotificationsBell } from './NotificationsBell';
import { ProfilePane } from './ProfilePane';

/** The 48 px bar across the top: logo, application switcher, status, notifications and profile. */
export function AppHeader() {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="md" wrap="nowrap">
        <Anchor component={Link} to="/landing" underline="never" c="inherit" aria-label="Crossarm home">
          <Logo size={24} />
        </Anchor>
        <ApplicationSwitcher />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <HubStatusBadge />
        <NotificationsBell />
        <ProfilePane />
      </Group>
    </Group>
  );
}
