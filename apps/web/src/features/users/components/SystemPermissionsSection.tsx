import type { SystemPermission, UserDetail } from '@crossarm/shared';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { PermissionChecklist } from '../../admin/components/PermissionChecklist';
import { systemPermissionOptions } from '../../admin/permission-labels';
import { setSystemPermissions, userKeys } from '../api';
import { fullName } from '../user-names';

interface SystemPermissionsSectionProps {
  user: UserDetail;
  canManage: boolean;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** The nine system permissions as checkboxes, saved together. */
export function SystemPermissionsSection({ user, canManage }: SystemPermissionsSectionProps) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<SystemPermission[]>(user.systemPermissions);
  useEffect(() => setChosen(user.systemPermissions), [user.systemPermissions]);
  const dirty = !same(chosen, user.systemPermissions);
  useDirtyFlag('system-permissions', dirty);

  const save = useMutation({
    mutationFn: () =>
      setSystemPermissions(user.id, chosen, conflictHandler('System permissions were not saved')),
    onSuccess: (permissions) => {
      queryClient.setQueryData<UserDetail>(userKeys.detail('system', user.id), (current) =>
        current ? { ...current, systemPermissions: permissions } : current,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess(
        'System permissions saved',
        `${fullName(user)} has ${permissions.length} of 9 system permissions.`,
      );
    },
  });

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} fz="sm" fw={600}>
            System permissions
          </Title>
          <Text size="xs" c="dimmed">
            What this user may do across every organization. Most users need none.
          </Text>
        </div>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => setChosen(user.systemPermissions)}
            >
              Discard
            </Button>
            <Button size="xs" disabled={!dirty} loading={save.isPending} onClick={() => save.mutate()}>
              Save permissions
            </Button>
          </Group>
        ) : null}
      </Group>
      <PermissionChecklist
        label="System permissions"
        showLabel={false}
        options={systemPermissionOptions}
        value={chosen}
        onChange={setChosen}
        disabled={!canManage || save.isPending}
        columns={3}
      />
    </Paper>
  );
}
