import type { OrganizationPermission, UserDetail, UserMembership } from '@crossarm/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { organizationKeys } from '../../organizations/api';
import { setMembershipPermissions, setMemberships, userKeys } from '../api';
import { fullName } from '../user-names';
import { AddMembership } from './AddMembership';
import { MembershipCard } from './MembershipCard';

interface MembershipsSectionProps {
  user: UserDetail;
  canManage: boolean;
}

/** The organizations a user belongs to, their permissions in each, and the working organization. */
export function MembershipsSection({ user, canManage }: MembershipsSectionProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const ids = user.organizations.map((m) => m.organizationId);

  const apply = (organizations: UserMembership[]) => {
    queryClient.setQueryData<UserDetail>(userKeys.detail('system', user.id), (current) => {
      if (!current) return current;
      const working = organizations.find((m) => m.isWorkingOrganization);
      return {
        ...current,
        organizations,
        organizationId: working?.organizationId ?? null,
        organizationName: working?.organizationName ?? null,
      };
    });
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
  };

  const change = async (organizationIds: string[], working: string | null | undefined, done: string) => {
    setBusy(true);
    try {
      apply(await setMemberships(user.id, organizationIds, working));
      notifySuccess('Memberships saved', done);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (membership: UserMembership) => {
    const sure = await confirm({
      title: 'Remove membership',
      message: `Remove ${fullName(user)} from ${membership.organizationName}? Their permissions there go with it.`,
      confirmLabel: 'Remove',
      confirmColor: 'red',
    });
    if (!sure) return;
    await change(
      ids.filter((id) => id !== membership.organizationId),
      undefined,
      `${fullName(user)} was removed from ${membership.organizationName}.`,
    ).catch(() => undefined);
  };

  const savePermissions = async (membership: UserMembership, permissions: OrganizationPermission[]) => {
    apply(await setMembershipPermissions(user.id, membership.organizationId, permissions));
    notifySuccess(
      'Permissions saved',
      `${fullName(user)}'s permissions in ${membership.organizationName} were saved.`,
    );
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="sm" fw={600}>
          Organizations
        </Title>
        <Text size="xs" c="dimmed">
          The working organization is the one the user works in when they sign in.
        </Text>
      </div>
      {user.organizations.length === 0 ? (
        <Paper withBorder radius="md" px="md" py="sm">
          <Text size="sm" c="dimmed">
            {fullName(user)} belongs to no organization and cannot use Crossarm until added to one.
          </Text>
        </Paper>
      ) : null}
      {user.organizations.map((membership) => (
        <MembershipCard
          key={membership.organizationId}
          membership={membership}
          canManage={canManage}
          busy={busy}
          onSavePermissions={(permissions) => savePermissions(membership, permissions)}
          onMakeWorking={() =>
            void change(
              ids,
              membership.organizationId,
              `${membership.organizationName} is now ${fullName(user)}'s working organization.`,
            ).catch(() => undefined)
          }
          onRemove={() => void remove(membership)}
        />
      ))}
      {canManage ? (
        <AddMembership
          memberOf={ids}
          busy={busy}
          onAdd={(organizationId) =>
            change([...ids, organizationId], undefined, `${fullName(user)} was added to the organization.`)
          }
        />
      ) : null}
    </Stack>
  );
}
