import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../components/notifications/notify-success';
import { PageHeader } from '../../components/PageHeader';
import { useAdminAbilities } from '../../features/admin/use-admin-abilities';
import { organizationKeys } from '../../features/organizations/api';
import { useSession } from '../../features/session/use-session';
import { userKeys } from '../../features/users/api';
import { InviteUserModal } from '../../features/users/components/InviteUserModal';
import { RemoveFromOrganizationMenu } from '../../features/users/components/RemoveFromOrganizationMenu';
import { UsersList } from '../../features/users/components/UsersList';
import { useRemoveFromOrganization } from '../../features/users/use-remove-from-organization';

const OWN = { kind: 'own' } as const;
const userPath = (id: string) => `/admin/users/${id}`;

/** Users: the people of the caller's organization. */
export function AdminUsersPage() {
  const session = useSession();
  const { organization } = useAdminAbilities();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const name = session.organization?.name ?? 'your organization';
  const remove = useRemoveFromOrganization(OWN, name);
  const invite = organization.manageUsers ? () => setInviting(true) : undefined;
  return (
    <>
      <PageHeader
        title="Users"
        description={`People in ${name}, their status and permissions.`}
        actions={
          invite ? (
            <Button size="sm" leftSection={<IconUserPlus size={16} />} onClick={invite}>
              Invite user
            </Button>
          ) : null
        }
      />
      <UsersList
        scope={OWN}
        pathOf={(user) => userPath(user.id)}
        onInvite={invite}
        rowMenu={(user) => (
          <RemoveFromOrganizationMenu
            user={user}
            path={userPath(user.id)}
            onRemove={
              organization.manageUsers && user.id !== session.user.id
                ? (target) => void remove(target)
                : undefined
            }
          />
        )}
      />
      <InviteUserModal
        opened={inviting}
        onClose={() => setInviting(false)}
        scope={OWN}
        organizationName={name}
        onInvited={(user) => {
          setInviting(false);
          void queryClient.invalidateQueries({ queryKey: userKeys.all });
          void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
          notifySuccess('Invitation sent', `${user.email} was invited to ${name}.`);
        }}
      />
    </>
  );
}
