import { formatDate, type LibraryEntry, type LibraryKind } from '@crossarm/shared';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/data-table-types';
import { StatusBadge } from '../../components/StatusBadge';
import { LibraryEntryMenu, type LibraryEntryMenuProps } from './components/LibraryEntryMenu';
import { describeRenderOptions, fieldTypeLabels } from './render-options-summary';

type Column = DataTableColumn<LibraryEntry>;

function clipped(text: string | null) {
  return (
    <Text size="sm" c={text ? undefined : 'dimmed'} truncate="end" title={text ?? undefined}>
      {text || '—'}
    </Text>
  );
}

const name: Column = {
  key: 'name',
  header: 'Name',
  sortKey: 'name',
  width: '26%',
  cell: (entry) => (
    <Text size="sm" fw={500} c="var(--mantine-color-bright)" truncate="end" title={entry.name}>
      {entry.name}
    </Text>
  ),
};
const description: Column = {
  key: 'description',
  header: 'Description',
  cell: (entry) => clipped(entry.description),
};
const status: Column = {
  key: 'status',
  header: 'Status',
  width: 100,
  cell: (entry) => <StatusBadge status={entry.status} />,
};
const updated: Column = {
  key: 'updatedAt',
  header: 'Updated',
  sortKey: 'updatedAt',
  width: 124,
  cell: (entry) => (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDate(entry.updatedAt)}
    </Text>
  ),
};
const duration: Column = {
  key: 'defaultDurationDays',
  header: 'Duration',
  width: 100,
  align: 'right',
  cell: (entry) => (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {entry.defaultDurationDays === null ? '—' : `${entry.defaultDurationDays} d`}
    </Text>
  ),
};
const fieldType: Column = {
  key: 'fieldType',
  header: 'Field type',
  sortKey: 'fieldType',
  width: 130,
  cell: (entry) => <Text size="sm">{entry.fieldType ? fieldTypeLabels[entry.fieldType] : '—'}</Text>,
};
const options: Column = {
  key: 'renderOptions',
  header: 'Options',
  cell: (entry) => clipped(describeRenderOptions(entry) || null),
};

const byKind: Record<LibraryKind, Column[]> = {
  stage: [name, description, status, updated],
  unit: [name, description, status, updated],
  task: [name, description, duration, status, updated],
  property: [name, fieldType, options, status, updated],
};

/** The columns of a kind's table; with row actions for people who may change the library. */
export function libraryColumns(
  kind: LibraryKind,
  actions: Omit<LibraryEntryMenuProps, 'entry'> | null,
): Column[] {
  if (!actions) return byKind[kind];
  const menu: Column = {
    key: 'actions',
    header: '',
    width: 44,
    cell: (entry) => <LibraryEntryMenu entry={entry} {...actions} />,
  };
  return [...byKind[kind], menu];
}
