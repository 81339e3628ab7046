import type { UserSummary } from '@crossarm/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconExternalLink, IconUserMinus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { fullName } from '../user-names';

interface RemoveFromOrganizationMenuProps {
  user: UserSummary;
  path: string;
  /** Absent for people who may not remove users. */
  onRemove?: (user: UserSummary) => void;
}

/** A row's menu in an organization's users list: open the user, or take them out of the organization. */
export function RemoveFromOrganizationMenu({ user, path, onRemove }: RemoveFromOrganizationMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${fullName(user)}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={14} />} onClick={() => navigate(path)}>
          Open user
        </Menu.Item>
        {onRemove ? (
          <Menu.Item color="red" leftSection={<IconUserMinus size={14} />} onClick={() => onRemove(user)}>
            Remove from organization
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
