import type { WorkflowTemplateVersion } from '@crossarm/shared';
import { permitsText } from '@crossarm/shared';
import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import type { PermitMigration } from './use-permit-migration';
import { VersionPermitPicker } from './VersionPermitPicker';

interface MigrationChoiceFormProps {
  projectId: string;
  groupName: string;
  source: WorkflowTemplateVersion;
  permitCount: number;
  migration: PermitMigration;
}

/** The first step: the version to move to, and all of the version's permits or some of them. */
export function MigrationChoiceForm({
  projectId,
  groupName,
  source,
  permitCount,
  migration,
}: MigrationChoiceFormProps) {
  const { choice, targets } = migration;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Permits on version {source.version} of {groupName} continue on another published version. Tasks the
        versions share keep their progress; the preview shows what changes before anything moves.
      </Text>
      <Select
        label="Move to"
        required
        data-autofocus
        data={targets}
        value={choice.targetTemplateId || null}
        onChange={(value) => value && migration.setTarget(value)}
        allowDeselect={false}
        error={migration.errors.target}
        comboboxProps={{ withinPortal: true }}
        w={260}
      />
      <Radio.Group
        label="Permits"
        value={choice.permitIds === null ? 'all' : 'some'}
        onChange={(value) => migration.setPermitIds(value === 'all' ? null : [])}
      >
        <Group gap="lg" mt={6}>
          <Radio value="all" label={`All ${permitsText(permitCount)}`} />
          <Radio value="some" label="Choose permits" />
        </Group>
      </Radio.Group>
      {choice.permitIds !== null ? (
        <VersionPermitPicker
          projectId={projectId}
          templateId={source.id}
          selected={choice.permitIds}
          onChange={migration.setPermitIds}
        />
      ) : null}
    </Stack>
  );
}
