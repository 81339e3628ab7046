import type { ProjectUserPermissions } from '@crossarm/shared';
import { Badge, Button, Text, Tooltip } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { BulkActionBar } from '../../../components/data-table/BulkActionBar';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn, SortDir } from '../../../components/data-table/data-table-types';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { StatusBadge } from '../../../components/StatusBadge';
import type { Contributor } from '../api';
import { exportPeople } from '../setup-api';
import { PeoplePermissionsDialog } from './PeoplePermissionsDialog';
import { permissionSummary, personName } from './project-permissions';
import { usePeopleList } from './use-people-list';

interface PeopleTableProps {
  projectId: string;
  contributor: Contributor;
}

function columns(onEdit: (user: ProjectUserPermissions) => void): DataTableColumn<ProjectUserPermissions>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (user) => (
        <Text size="sm" fw={500} c="var(--mantine-color-bright)" truncate="end">
          {personName(user)}
        </Text>
      ),
    },
    {
      key: 'email',
      header: 'E-mail',
      sortKey: 'email',
      visibleFrom: 'md',
      cell: (user) => (
        <Text size="sm" truncate="end" title={user.email}>
          {user.email}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', width: 96, cell: (user) => <StatusBadge status={user.status} /> },
    {
      key: 'source',
      header: 'Own set',
      width: 110,
      cell: (user) =>
        user.ownPermissions ? (
          <Tooltip label={`Own: ${permissionSummary(user.ownPermissions)}`}>
            <Badge size="sm" variant="light" color="yellow" radius="sm" tt="none">
              Narrowed
            </Badge>
          </Tooltip>
        ) : (
          <Text size="xs" c="dimmed">
            Inherits
          </Text>
        ),
    },
    {
      key: 'effective',
      header: 'Effective permissions',
      cell: (user) => (
        <Text size="xs" truncate="end" title={permissionSummary(user.effectivePermissions)}>
          {permissionSummary(user.effectivePermissions)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 70,
      align: 'right',
      cell: (user) => (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onEdit(user)}
          aria-label={`Edit ${personName(user)}`}
        >
          Edit
        </Button>
      ),
    },
  ];
}

/** A contributor's people with what they inherit, hold of their own and may do; narrowed one or many at a time. */
export function PeopleTable({ projectId, contributor }: PeopleTableProps) {
  const { organizationId, organizationName } = contributor;
  const list = usePeopleList(projectId, organizationId);
  const { params, update, query, selection, organization } = list;
  const [editing, setEditing] = useState<ProjectUserPermissions[] | null>(null);

  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Everyone in {organizationName} inherits its permissions ({permissionSummary(organization)}) unless
        given fewer of their own.
      </Text>
      <TableToolbar
        actions={
          <ExportMenu
            onExport={(format) =>
              exportPeople(projectId, organizationId, format, {
                search: params.search,
                sortBy: params.sortBy,
                sortDir: params.sortDir,
              })
            }
          />
        }
      >
        <SearchInput
          value={params.search}
          onChange={(search) => update({ search })}
          placeholder="Search people"
          label={`Search the people of ${organizationName}`}
          width={240}
        />
      </TableToolbar>
      <BulkActionBar count={selection.selected.length} noun="people" onClear={selection.clear}>
        <Button size="compact-sm" onClick={() => setEditing(list.selectedPeople())}>
          Set permissions
        </Button>
      </BulkActionBar>
      <DataTable
        label={`People of ${organizationName}`}
        columns={columns((user) => setEditing([user]))}
        rows={query.data?.items}
        getRowId={(user) => user.userId}
        getRowLabel={personName}
        fetching={query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        selection={{ selected: selection.selected, onChange: selection.setSelected }}
        sort={{
          by: params.sortBy,
          dir: params.sortDir,
          onChange: (by: string, dir: SortDir) =>
            update({ sortBy: by === 'email' ? 'email' : 'name', sortDir: dir }),
        }}
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total: query.data?.total ?? 0,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (pageSize) => update({ pageSize }),
        }}
        skeletonRows={3}
        empty={
          <EmptyStatePanel
            icon={IconUsers}
            title={params.search ? 'No one matches' : 'No people yet'}
            description={
              params.search
                ? 'Try another name or e-mail address.'
                : `${organizationName} has no users yet; they get its permissions here once invited.`
            }
          />
        }
      />
      {editing ? (
        <PeoplePermissionsDialog
          opened
          onClose={() => setEditing(null)}
          projectId={projectId}
          organizationId={organizationId}
          users={editing}
          organization={organization}
          onSaved={(saved) => {
            setEditing(null);
            list.changed();
            notifySuccess(
              'Permissions saved',
              saved.length === 1 && saved[0]
                ? `${personName(saved[0])}'s project permissions were saved.`
                : `The project permissions of ${saved.length} people were saved.`,
            );
          }}
        />
      ) : null}
    </>
  );
}
