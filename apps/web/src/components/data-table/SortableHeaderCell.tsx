import { Center, Group, type MantineBreakpoint, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { SortDir } from './data-table-types';

interface SortableHeaderCellProps {
  label: string;
  sortKey: string;
  sortBy: string;
  sortDir: SortDir;
  onSort: (sortKey: string, dir: SortDir) => void;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  visibleFrom?: MantineBreakpoint;
  className?: string;
}

/** A column header that sorts by its column; a second click reverses the order. */
export function SortableHeaderCell({
  label,
  sortKey,
  sortBy,
  sortDir,
  onSort,
  align = 'left',
  width,
  visibleFrom,
  className,
}: SortableHeaderCellProps) {
  const active = sortBy === sortKey;
  const Icon = !active ? IconSelector : sortDir === 'asc' ? IconArrowUp : IconArrowDown;
  const next: SortDir = active && sortDir === 'asc' ? 'desc' : 'asc';
  const justify = align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start';
  return (
    <Table.Th
      w={width}
      p={0}
      visibleFrom={visibleFrom}
      className={className}
      aria-sort={active ? (sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() => onSort(sortKey, next)}
        px="xs"
        py={7}
        w="100%"
        aria-label={`Sort by ${label}`}
      >
        <Group gap={4} wrap="nowrap" justify={justify}>
          <Text
            fw={600}
            size="xs"
            c={active ? 'var(--mantine-color-bright)' : 'dimmed'}
            tt="uppercase"
            truncate
          >
            {label}
          </Text>
          <Center c={active ? undefined : 'dimmed'}>
            <Icon size={13} stroke={1.8} />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
