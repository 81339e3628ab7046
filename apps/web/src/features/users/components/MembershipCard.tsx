import type { OrganizationPermission, UserMembership } from '@crossarm/shared';
import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconStar, IconUserMinus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { PermissionChecklist } from '../../admin/components/PermissionChecklist';
import { organizationPermissionOptions } from '../../admin/permission-labels';

interface MembershipCardProps {
  membership: UserMembership;
  canManage: boolean;
  busy: boolean;
  onSavePermissions: (permissions: OrganizationPermission[]) => Promise<unknown>;
  onMakeWorking: () => void;
  onRemove: () => void;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** One organization the user belongs to: its permissions there, and the membership's actions. */
export function MembershipCard({
  membership,
  canManage,
  busy,
  onSavePermissions,
  onMakeWorking,
  onRemove,
}: MembershipCardProps) {
  const [chosen, setChosen] = useState<OrganizationPermission[]>(membership.permissions);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChosen(membership.permissions), [membership.permissions]);
  const dirty = !same(chosen, membership.permissions);
  useDirtyFlag(`membership-${membership.organizationId}`, dirty);

  const save = () => {
    setSaving(true);
    onSavePermissions(chosen)
      .catch(() => {
        // Shown by the API client.
      })
      .finally(() => setSaving(false));
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label={membership.organizationName} component="section">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={`/admin/system/organizations/${membership.organizationId}`}
            fw={600}
            size="sm"
            truncate="end"
          >
            {membership.organizationName}
          </Anchor>
          {membership.isWorkingOrganization ? (
            <Badge size="sm" variant="light" radius="sm" tt="none" leftSection={<IconStar size={11} />}>
              Working organization
            </Badge>
          ) : null}
        </Group>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            {!membership.isWorkingOrganization ? (
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onMakeWorking} disabled={busy}>
                Make working organization
              </Button>
            ) : null}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconUserMinus size={12} />}
              onClick={onRemove}
              disabled={busy}
            >
              Remove
            </Button>
          </Group>
        ) : null}
      </Group>
      <PermissionChecklist
        label={`Permissions in ${membership.organizationName}`}
        showLabel={false}
        options={organizationPermissionOptions}
        value={chosen}
        onChange={setChosen}
        disabled={!canManage || saving}
        columns={3}
      />
      {canManage && dirty ? (
        <Group justify="flex-end" gap="xs" mt="sm">
          <Text size="xs" c="dimmed" mr="auto">
            Unsaved changes
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => setChosen(membership.permissions)}
            disabled={saving}
          >
            Discard
          </Button>
          <Button size="xs" onClick={save} loading={saving}>
            Save permissions
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
