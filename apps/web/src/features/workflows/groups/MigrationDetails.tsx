import type { PermitMigrationResult, SkippedPermit, WorkflowDefinition } from '@crossarm/shared';
import { List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type PreviewSummary, valueText } from './migration-summary';

// The parts of a migration's preview and result that only show what the server said.

/** How many dropped values the preview lists one by one. */
const DROPPED_ROWS = 100;

/** A titled part of the preview. */
export function PreviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={4} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={6}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={alert && value > 0 ? 'red' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/** The preview's counts at a glance. */
export function MigrationFigures({ summary }: { summary: PreviewSummary }) {
  const { tasks, stages } = summary;
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" aria-label="Figures of the move">
      <Figure label="Permits moving" value={summary.moving} />
      <Figure label="Skipped" value={summary.skipped} />
      <Figure label="Tasks carried over" value={tasks.kept + tasks.renamed} />
      <Figure label="Stages or tasks dropped" value={stages.dropped + tasks.dropped} alert />
      <Figure label="New stages or tasks" value={stages.added + tasks.added} />
      <Figure label="Values dropped" value={summary.droppedValues} alert />
    </SimpleGrid>
  );
}

/** Target stages and tasks nothing maps to, which the permits start afresh. */
export function NewItems({ result, target }: { result: PermitMigrationResult; target?: WorkflowDefinition }) {
  const stageNames = new Map(target?.stages.map((stage) => [stage.key, stage.name]));
  if (result.newStages.length === 0 && result.newTasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing new: every stage and task of the target has a counterpart.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2}>
      {result.newStages.map((stage) => (
        <List.Item key={stage.key}>Stage {stage.name}</List.Item>
      ))}
      {result.newTasks.map((task) => {
        const stage = stageNames.get(task.stageKey);
        return (
          <List.Item key={task.key}>
            {stage ? `Task ${task.name} in ${stage}` : `Task ${task.name}`}
          </List.Item>
        );
      })}
    </List>
  );
}

/** Where the moved permits stand on the target. */
export function Landing({ summary }: { summary: PreviewSummary }) {
  return (
    <List size="sm" spacing={2}>
      {summary.landing.map((row) => (
        <List.Item key={row.stageName}>
          {row.stageName}: {row.count}
        </List.Item>
      ))}
    </List>
  );
}

/** Permits that stay on their version, with why. */
export function SkippedPermitsTable({ skipped }: { skipped: SkippedPermit[] }) {
  return (
    <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" aria-label="Skipped permits">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={160}>Permit</Table.Th>
          <Table.Th>Why it stays</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {skipped.map((permit) => (
          <Table.Tr key={permit.permitId}>
            <Table.Td>{permit.permitNumber}</Table.Td>
            <Table.Td>{permit.reason}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The values the permits would lose, one row each, the first hundred of them. */
export function DroppedValuesTable({
  result,
  summary,
}: {
  result: PermitMigrationResult;
  summary: PreviewSummary;
}) {
  const rows = result.permits.flatMap((permit) =>
    permit.droppedValues.map((value, index) => ({ key: `${permit.permitId}-${index}`, permit, value })),
  );
  const byProperty = summary.droppedByProperty
    .map((property) => `${property.propertyName} (${property.count})`)
    .join(', ');
  return (
    <Stack gap={4}>
      <Text size="sm">Their properties are nowhere on the target version: {byProperty}.</Text>
      <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" aria-label="Values that would be dropped">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={160}>Permit</Table.Th>
            <Table.Th w={200}>Property</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, DROPPED_ROWS).map(({ key, permit, value }) => (
            <Table.Tr key={key}>
              <Table.Td>{permit.permitNumber}</Table.Td>
              <Table.Td>{value.propertyName}</Table.Td>
              <Table.Td>{valueText(value.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length > DROPPED_ROWS || summary.partial ? (
        <Text size="xs" c="dimmed">
          Only some of the {summary.droppedValues} values are listed.
        </Text>
      ) : null}
    </Stack>
  );
}
