import type { Application } from '@crossarm/shared';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../session/use-session';
import { applicationHomePath, applicationLabels, applicationOrder, shellAreaOf } from '../applications';

/** Switches between the applications the user's organization has. */
export function ApplicationSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const area = shellAreaOf(pathname);
  const enabled = new Set<Application>(session.organization?.applications ?? []);
  const applications = applicationOrder.filter((application) => enabled.has(application));
  const currentLabel = area === 'Administration' ? 'Administration' : applicationLabels[area];
  return (
    <Menu position="bottom-start" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Application: ${currentLabel}. Switch application`}
        >
          {currentLabel}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Applications</Menu.Label>
        {applications.length === 0 ? <Menu.Item disabled>No applications enabled</Menu.Item> : null}
        {applications.map((application) => (
          <Menu.Item
            key={application}
            onClick={() => navigate(applicationHomePath(application))}
            rightSection={application === area ? <IconCheck size={14} /> : null}
          >
            {applicationLabels[application]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
