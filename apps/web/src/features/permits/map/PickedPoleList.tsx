import { ActionIcon, Badge, Group, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconX } from '@tabler/icons-react';
import { type PickedPole, type PoleSelection, selectionRows } from './pole-selection';

interface PickedPoleListProps {
  selection: PoleSelection;
  /** When given, each named pole has a remove button. */
  onRemove?: (externalId: string) => void;
  /** When given, a pole taken off since the last save can be put back. */
  onRestore?: (pole: PickedPole) => void;
  /** The list's accessible name. */
  label: string;
  maxHeight?: number;
  /** False where every pole is new (an application): no Added badges. */
  showState?: boolean;
}

const STATE_BADGE = {
  saved: null,
  added: { color: 'green', text: 'Added' },
  removed: { color: 'red', text: 'Removed' },
} as const;

/** The poles named, in order, with what changed since the last save and buttons to take them off. */
export function PickedPoleList({
  selection,
  onRemove,
  onRestore,
  label,
  maxHeight = 440,
  showState = true,
}: PickedPoleListProps) {
  const rows = selectionRows(selection);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        No poles yet.{onRemove ? ' Click poles on the map to add them.' : ''}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto">
      <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" aria-label={label} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>#</Table.Th>
            <Table.Th>Pole</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((pole, index) => {
            const badge = showState ? STATE_BADGE[pole.state] : null;
            const removed = pole.state === 'removed';
            return (
              <Table.Tr key={pole.externalId} h={32}>
                <Table.Td c="dimmed">{removed ? '' : index + 1}</Table.Td>
                <Table.Td td={removed ? 'line-through' : undefined}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" truncate>
                      {pole.externalId}
                    </Text>
                    {badge ? (
                      <Badge size="xs" variant="light" color={badge.color} radius="sm" tt="none">
                        {badge.text}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  {removed && onRestore ? (
                    <Tooltip label="Put back">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Put back pole ${pole.externalId}`}
                        onClick={() => onRestore(pole)}
                      >
                        <IconArrowBackUp size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  {!removed && onRemove ? (
                    <Tooltip label="Remove">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Remove pole ${pole.externalId}`}
                        onClick={() => onRemove(pole.externalId)}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
