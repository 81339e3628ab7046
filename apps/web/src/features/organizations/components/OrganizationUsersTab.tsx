import type { Organization } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useAdminAbilities } from '../../admin/use-admin-abilities';
import { type UserScope, userKeys } from '../../users/api';
import { InviteUserModal } from '../../users/components/InviteUserModal';
import { RemoveFromOrganizationMenu } from '../../users/components/RemoveFromOrganizationMenu';
import { UsersList } from '../../users/components/UsersList';
import { useRemoveFromOrganization } from '../../users/use-remove-from-organization';
import { organizationKeys } from '../api';

interface OrganizationUsersTabProps {
  organization: Organization;
}

const userPath = (id: string) => `/admin/system/users/${id}`;

/** An organization's users, with Invite, Remove and Export for those allowed. */
export function OrganizationUsersTab({ organization }: OrganizationUsersTabProps) {
  const { system } = useAdminAbilities();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const scope = useMemo<UserScope>(
    () => ({ kind: 'organization', organizationId: organization.id }),
    [organization.id],
  );
  const remove = useRemoveFromOrganization(scope, organization.name);
  const invite = system.inviteUsers ? () => setInviting(true) : undefined;
  return (
    <>
      <UsersList
        scope={scope}
        pathOf={(user) => userPath(user.id)}
        onInvite={invite}
        actions={
          invite ? (
            <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={invite}>
              Invite user
            </Button>
          ) : null
        }
        rowMenu={(user) => (
          <RemoveFromOrganizationMenu
            user={user}
            path={userPath(user.id)}
            onRemove={system.manageUsers ? (target) => void remove(target) : undefined}
          />
        )}
      />
      <InviteUserModal
        opened={inviting}
        onClose={() => setInviting(false)}
        scope={scope}
        organizationName={organization.name}
        onInvited={(user) => {
          setInviting(false);
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
          notifySuccess('Invitation sent', `${user.email} was invited to ${organization.name}.`);
        }}
      />
    </>
  );
}
