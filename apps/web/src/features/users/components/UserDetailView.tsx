import { Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DetailSkeleton } from '../../../components/DetailSkeleton';
import { LoadErrorState } from '../../../components/LoadErrorState';
import { useTabParam } from '../../../components/use-tab-param';
import { useAdminAbilities } from '../../admin/use-admin-abilities';
import { AuditHistory } from '../../audit/components/AuditHistory';
import { useOrganizationNames } from '../../organizations/use-organization-names';
import { useSession } from '../../session/use-session';
import { fetchUser, fetchUserAudit, userKeys } from '../api';
import { useRemoveFromOrganization } from '../use-remove-from-organization';
import { useUserActions } from '../use-user-actions';
import { MembershipsSection } from './MembershipsSection';
import { OwnPermissionsSection } from './OwnPermissionsSection';
import { RoleSelect } from './RoleSelect';
import { SystemPermissionsSection } from './SystemPermissionsSection';
import { type UserActionRights, UserActions } from './UserActions';
import { UserDetailHeader } from './UserDetailHeader';
import { UserProfileCard } from './UserProfileCard';
import { UserProfileModal } from './UserProfileModal';

const SYSTEM_TABS = ['profile', 'permissions', 'organizations', 'history'] as const;
const OWN_TABS = ['profile', 'permissions'] as const;
const OWN_SCOPE = { kind: 'own' } as const;

interface UserDetailViewProps {
  /** System administration (any user) or the caller's own organization. */
  scope: 'system' | 'own';
  id: string;
  backTo: { label: string; to: string };
}

/** A user's page: header with the actions the caller may take, then profile, permissions and more. */
export function UserDetailView({ scope, id, backTo }: UserDetailViewProps) {
  const session = useSession();
  const { system, organization } = useAdminAbilities();
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(scope === 'system' ? SYSTEM_TABS : OWN_TABS);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const query = useQuery({
    queryKey: userKeys.detail(scope, id),
    queryFn: ({ signal }) => fetchUser(scope, id, signal),
    retry: false,
  });
  const user = query.data;
  const organizationNames = useOrganizationNames(
    scope === 'system' && system.viewOrganizations && tab === 'history',
  );
  const actions = useUserActions(scope, user);
  const ownName = session.organization?.name ?? 'your organization';
  const removeFromOwn = useRemoveFromOrganization(OWN_SCOPE, ownName);

  const self = id === session.user.id;
  // An organization administrator changes the account only of its own people: a member working for another
  // organization, or a system administrator, keeps theirs (the server refuses with 403).
  const managedElsewhere =
    scope === 'own' &&
    user !== undefined &&
    (user.organizationId !== session.organization?.id || user.systemPermissions.length > 0);
  const account = !managedElsewhere;
  const manage = (scope === 'system' ? system.manageUsers : organization.manageUsers) && account;
  // Nobody deactivates, deletes or removes themselves (the server refuses): those are not offered.
  const rights: UserActionRights = {
    edit: manage,
    changeStatus: manage && !self,
    resetPassword: (scope === 'system' ? system.resetPassword : organization.manageUsers) && account,
    resetMfa: (scope === 'system' ? system.resetMfa : organization.manageUsers) && account,
    delete: manage && !self,
    remove: scope === 'own' && organization.manageUsers && !self,
  };

  const remove = async () => {
    if (!user) return;
    setRemoving(true);
    const removed = await removeFromOwn(user);
    setRemoving(false);
    if (removed) navigate(backTo.to);
  };

  return (
    <>
      <UserDetailHeader
        user={user}
        backTo={backTo}
        actions={
          user ? (
            <UserActions
              user={user}
              rights={rights}
              running={removing ? 'remove' : actions.running}
              onEdit={() => setEditing(true)}
              onCommand={(command) => void actions.run(command)}
              onRemove={() => void remove()}
            />
          ) : null
        }
      />
      {query.isError ? (
        <LoadErrorState
          error={query.error}
          noun="user"
          backTo={backTo}
          onRetry={() => void query.refetch()}
        />
      ) : !user ? (
        <DetailSkeleton />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
            {scope === 'system' ? <Tabs.Tab value="organizations">Organizations</Tabs.Tab> : null}
            {scope === 'system' ? <Tabs.Tab value="history">History</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <Stack gap="md" maw={760}>
              <UserProfileCard
                user={user}
                role={
                  scope === 'system' ? <RoleSelect user={user} disabled={!system.manageUsers} /> : user.role
                }
              />
              {self ? (
                <Text size="xs" c="dimmed">
                  This is your own account: you cannot deactivate, delete or remove yourself.
                </Text>
              ) : null}
              {managedElsewhere ? (
                <Text size="xs" c="dimmed">
                  {user.systemPermissions.length > 0
                    ? 'This person is a system administrator: only system administrators change their account.'
                    : `This person's account belongs to ${user.organizationName ?? 'another organization'}.`}{' '}
                  Here you can set their permissions in {ownName} or remove them from it.
                </Text>
              ) : null}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="permissions">
            {scope === 'system' ? (
              <SystemPermissionsSection user={user} canManage={system.manageUsers} />
            ) : (
              <OwnPermissionsSection
                user={user}
                organizationName={ownName}
                canManage={organization.manageUsers}
              />
            )}
          </Tabs.Panel>
          {scope === 'system' ? (
            <Tabs.Panel value="organizations">
              <MembershipsSection user={user} canManage={system.manageUsers} />
            </Tabs.Panel>
          ) : null}
          {scope === 'system' ? (
            <Tabs.Panel value="history">
              <AuditHistory
                subject="this user"
                names={organizationNames}
                queryKey={(params) => userKeys.audit(id, params)}
                fetchPage={(params, signal) => fetchUserAudit(id, params, signal)}
              />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      )}
      {user ? (
        <UserProfileModal opened={editing} onClose={() => setEditing(false)} scope={scope} user={user} />
      ) : null}
    </>
  );
}
