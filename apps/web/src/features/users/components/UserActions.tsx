import type { UserDetail } from '@crossarm/shared';
import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconShieldOff,
  IconTrash,
  IconUserMinus,
} from '@tabler/icons-react';
import type { UserCommand } from '../use-user-actions';

/** Which actions the signed-in user may take on this user. */
export interface UserActionRights {
  edit: boolean;
  changeStatus: boolean;
  resetPassword: boolean;
  resetMfa: boolean;
  delete: boolean;
  /** Own organization only: take the user out of it. */
  remove: boolean;
}

interface UserActionsProps {
  user: UserDetail;
  rights: UserActionRights;
  running: UserCommand | 'remove' | null;
  onEdit: () => void;
  onCommand: (command: UserCommand) => void;
  onRemove: () => void;
}

/** The buttons of a user's page, each shown only when allowed and when the user's status fits. */
export function UserActions({ user, rights, running, onEdit, onCommand, onRemove }: UserActionsProps) {
  const deleted = user.status === 'Deleted';
  const canActivate = rights.changeStatus && user.status === 'Inactive';
  const canDeactivate = rights.changeStatus && (user.status === 'Active' || user.status === 'Invited');
  const canResetPassword = rights.resetPassword && (user.status === 'Active' || user.status === 'Invited');
  const canResetMfa = rights.resetMfa && !deleted;
  const canDelete = rights.delete && !deleted;
  const canRemove = rights.remove && !deleted;
  const more = canResetPassword || canResetMfa || canDelete || canRemove;
  return (
    <>
      {rights.edit && !deleted ? (
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
          Edit profile
        </Button>
      ) : null}
      {canActivate ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerPlay size={14} />}
          loading={running === 'activate'}
          onClick={() => onCommand('activate')}
        >
          Activate
        </Button>
      ) : null}
      {canDeactivate ? (
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconPlayerStop size={14} />}
          loading={running === 'deactivate'}
          onClick={() => onCommand('deactivate')}
        >
          Deactivate
        </Button>
      ) : null}
      {more ? (
        <Menu position="bottom-end" width={230} shadow="md">
          <Menu.Target>
            <Tooltip label="More actions">
              <ActionIcon
                variant="default"
                size={30}
                aria-label="More actions"
                loading={running !== null && running !== 'activate' && running !== 'deactivate'}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {canResetPassword ? (
              <Menu.Item leftSection={<IconKey size={14} />} onClick={() => onCommand('reset-password')}>
                {user.status === 'Invited' ? 'Send invitation again' : 'Reset password'}
              </Menu.Item>
            ) : null}
            {canResetMfa ? (
              <Menu.Item
                leftSection={<IconShieldOff size={14} />}
                onClick={() => onCommand('reset-mfa')}
                disabled={!user.mfaEnrolled}
              >
                {user.mfaEnrolled ? 'Reset MFA' : 'Reset MFA (none set up)'}
              </Menu.Item>
            ) : null}
            {canRemove || canDelete ? <Menu.Divider /> : null}
            {canRemove ? (
              <Menu.Item color="red" leftSection={<IconUserMinus size={14} />} onClick={onRemove}>
                Remove from organization
              </Menu.Item>
            ) : null}
            {canDelete ? (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onCommand('delete')}
              >
                Delete user
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </>
  );
}
