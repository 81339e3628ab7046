import type { MappedItem, WorkflowDefinition } from '@crossarm/shared';
import { Badge, Group, Select, Table, Text } from '@mantine/core';
import {
  DROP,
  type MappingKind,
  type MappingOverrides,
  selectedTarget,
  takenTargets,
  targetOptions,
} from './migration-plan';

interface MigrationMappingTableProps {
  kind: MappingKind;
  items: MappedItem[];
  /** The target version's definition, for the choices; the selects wait for it. */
  target: WorkflowDefinition | undefined;
  overrides: MappingOverrides;
  errors: Record<string, string>;
  onChange: (kind: MappingKind, sourceKey: string, value: string) => void;
}

const NOUN: Record<MappingKind, string> = { stages: 'stage', tasks: 'task' };
const TITLE: Record<MappingKind, string> = { stages: 'Stages', tasks: 'Tasks' };

/** Where each source stage or task goes on the target, as the server worked it out, each changeable. */
export function MigrationMappingTable({
  kind,
  items,
  target,
  overrides,
  errors,
  onChange,
}: MigrationMappingTableProps) {
  const noun = NOUN[kind];
  const title = TITLE[kind];
  return (
    <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" aria-label={`${title} on the target version`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="45%">{`${title} now`}</Table.Th>
          <Table.Th>On the target version</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const value = selectedTarget(overrides, kind, item);
          const changed = Object.hasOwn(overrides[kind], item.sourceKey);
          const renamed = !changed && item.targetName !== null && item.targetName !== item.sourceName;
          return (
            <Table.Tr key={item.sourceKey}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{item.sourceName}</Text>
                  {value === DROP ? (
                    <Badge size="xs" variant="light" color="red" radius="sm" tt="none">
                      Dropped
                    </Badge>
                  ) : null}
                  {renamed ? (
                    <Badge size="xs" variant="light" color="gray" radius="sm" tt="none">
                      Renamed
                    </Badge>
                  ) : null}
                  {changed ? (
                    <Badge size="xs" variant="light" color="blue" radius="sm" tt="none">
                      Changed
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  aria-label={`Target of the ${noun} ${item.sourceName}`}
                  data={
                    target ? targetOptions(target, kind, takenTargets(overrides, kind, item.sourceKey)) : []
                  }
                  value={value}
                  placeholder={target ? undefined : 'Loading…'}
                  disabled={!target}
                  onChange={(next) => next && onChange(kind, item.sourceKey, next)}
                  allowDeselect={false}
                  error={errors[item.sourceKey]}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
