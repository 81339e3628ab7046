import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PermissionOption } from '../permission-labels';
import { PermissionChecklist } from './PermissionChecklist';

interface PermissionChecklistSectionProps<P extends string> {
  /** The heading, and the checklist's accessible name. */
  title: string;
  description: ReactNode;
  options: readonly PermissionOption<P>[];
  value: readonly P[];
  onChange: (value: P[]) => void;
  canManage: boolean;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
  /** Shown instead of the checklist while the permissions are not there yet. */
  fallback?: ReactNode;
}

/** A bordered section with a permission checklist and its Discard and Save buttons. */
export function PermissionChecklistSection<P extends string>({
  title,
  description,
  options,
  value,
  onChange,
  canManage,
  dirty,
  saving,
  onDiscard,
  onSave,
  fallback,
}: PermissionChecklistSectionProps<P>) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} fz="sm" fw={600}>
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" disabled={!dirty || saving} onClick={onDiscard}>
              Discard
            </Button>
            <Button size="xs" disabled={!dirty} loading={saving} onClick={onSave}>
              Save permissions
            </Button>
          </Group>
        ) : null}
      </Group>
      {fallback ?? (
        <PermissionChecklist
          label={title}
          showLabel={false}
          options={options}
          value={value}
          onChange={onChange}
          disabled={!canManage || saving}
          columns={3}
        />
      )}
    </Paper>
  );
}
