import type { PermitMigrationResult } from '@crossarm/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fetchTemplate, workflowKeys } from '../api';
import {
  DroppedValuesTable,
  Landing,
  MigrationFigures,
  NewItems,
  PreviewSection,
  SkippedPermitsTable,
} from './MigrationDetails';
import { MigrationMappingTable } from './MigrationMappingTable';
import type { MappingKind } from './migration-plan';
import { previewHeadline, summarisePreview } from './migration-summary';
import type { PermitMigration } from './use-permit-migration';

const MAPPING_KINDS = [
  { kind: 'stages', title: 'Stages' },
  { kind: 'tasks', title: 'Tasks' },
] as const satisfies { kind: MappingKind; title: string }[];

interface MigrationPreviewProps {
  result: PermitMigrationResult;
  migration: PermitMigration;
}

/** What moving would do: the figures, the mapping (each line changeable), what is new, skipped or lost. */
export function MigrationPreview({ result, migration }: MigrationPreviewProps) {
  const target = useQuery({
    queryKey: workflowKeys.template(result.targetTemplateId),
    queryFn: ({ signal }) => fetchTemplate(result.targetTemplateId, signal),
  });
  const summary = summarisePreview(result);
  const { overrides } = migration.choice;
  const changed = Object.keys(overrides.stages).length + Object.keys(overrides.tasks).length > 0;
  const definition = target.data?.definition;
  return (
    <Stack gap="md">
      {migration.current ? (
        <Alert color="blue" icon={<IconInfoCircle size={16} />} title="Preview: nothing has moved yet">
          {previewHeadline(summary, migration.targetVersion ?? 0)}
        </Alert>
      ) : (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="The preview is out of date">
          The choices changed since this preview. Preview again to see what moving does now.
        </Alert>
      )}
      <MigrationFigures summary={summary} />
      {target.isError ? (
        <Text size="sm" c="red">
          The target version could not be loaded, so the mapping cannot be changed here.
        </Text>
      ) : null}
      {MAPPING_KINDS.map(({ kind, title }) => (
        <PreviewSection key={kind} title={title}>
          <MigrationMappingTable
            kind={kind}
            items={result.mapping[kind]}
            target={definition}
            overrides={overrides}
            errors={migration.errors[kind]}
            onChange={migration.setMapping}
          />
        </PreviewSection>
      ))}
      {changed ? (
        <Group>
          <Button size="xs" variant="subtle" onClick={migration.resetMapping}>
            Undo my mapping changes
          </Button>
        </Group>
      ) : null}
      <PreviewSection title={`New on version ${migration.targetVersion ?? ''}`}>
        <NewItems result={result} target={definition} />
      </PreviewSection>
      {summary.landing.length > 0 ? (
        <PreviewSection title="Where the permits stand after the move">
          <Landing summary={summary} />
        </PreviewSection>
      ) : null}
      {result.skipped.length > 0 ? (
        <PreviewSection title="Permits that stay">
          <SkippedPermitsTable skipped={result.skipped} />
        </PreviewSection>
      ) : null}
      <PreviewSection title="Values that would be dropped">
        {summary.droppedValues > 0 ? (
          <DroppedValuesTable result={result} summary={summary} />
        ) : (
          <Text size="sm" c="dimmed">
            None: every value has a place on the target version.
          </Text>
        )}
      </PreviewSection>
    </Stack>
  );
}
