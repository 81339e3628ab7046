import type { OrganizationPermission, UserDetail } from '@crossarm/shared';
import { Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { PermissionChecklist } from '../../admin/components/PermissionChecklist';
import { organizationPermissionOptions } from '../../admin/permission-labels';
import { fetchOwnPermissions, saveOwnPermissions, userKeys } from '../api';
import { fullName } from '../user-names';

interface OwnPermissionsSectionProps {
  user: UserDetail;
  organizationName: string;
  canManage: boolean;
}

const NONE: OrganizationPermission[] = [];
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** The user's permissions in the caller's organization, saved together. */
export function OwnPermissionsSection({ user, organizationName, canManage }: OwnPermissionsSectionProps) {
  const queryClient = useQueryClient();
  const key = userKeys.ownPermissions(user.id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchOwnPermissions(user.id, signal) });
  const saved = query.data?.permissions ?? NONE;
  const [chosen, setChosen] = useState<OrganizationPermission[]>(saved);
  useEffect(() => setChosen(saved), [saved]);
  const dirty = !same(chosen, saved);
  useDirtyFlag('own-permissions', dirty);

  const save = useMutation({
    mutationFn: () => saveOwnPermissions(user.id, chosen),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: userKeys.details() });
      notifySuccess(
        'Permissions saved',
        `${fullName(user)}'s permissions in ${organizationName} were saved.`,
      );
    },
  });

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} fz="sm" fw={600}>
            Organization permissions
          </Title>
          <Text size="xs" c="dimmed">
            What {fullName(user)} may do in {organizationName}.
          </Text>
        </div>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => setChosen(saved)}
            >
              Discard
            </Button>
            <Button size="xs" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
              Save permissions
            </Button>
          </Group>
        ) : null}
      </Group>
      {query.data ? (
        <PermissionChecklist
          label="Organization permissions"
          showLabel={false}
          options={organizationPermissionOptions}
          value={chosen}
          onChange={setChosen}
          disabled={!canManage || save.isPending}
          columns={3}
        />
      ) : query.isError ? (
        <Text size="sm" c="red" role="alert">
          The permissions could not be loaded. Reload the page to try again.
        </Text>
      ) : (
        <Skeleton height={90} />
      )}
    </Paper>
  );
}
