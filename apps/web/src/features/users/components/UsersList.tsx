import type { UserStatus, UserSummary } from '@crossarm/shared';
import { Box } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BulkActionBar } from '../../../components/data-table/BulkActionBar';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { useRowSelection } from '../../../components/data-table/use-row-selection';
import { exportUsers, fetchUsers, type UserScope, type UserSortBy, userKeys } from '../api';
import { USER_STATUSES, UserStatusFilter } from './UserStatusFilter';
import { UsersEmptyState } from './UsersEmptyState';
import { userColumns } from './user-columns';

const LIST: ListParamsConfig<UserSortBy, UserStatus> = {
  sortKeys: ['name', 'email', 'status', 'organization', 'lastSignInAt', 'createdAt'],
  defaultSort: 'name',
  statuses: USER_STATUSES,
};

interface UsersListProps {
  scope: UserScope;
  /** Where a row leads. */
  pathOf: (user: UserSummary) => string;
  /** Buttons at the right of the toolbar (Invite). */
  actions?: ReactNode;
  /** The first action of an empty list. */
  onInvite?: () => void;
  /** A menu at the end of each row (remove from organization). */
  rowMenu?: (user: UserSummary) => ReactNode;
}

/**
 * A users table with search, the status filter, sort, paging and (outside the own organization) export of
 * the filter or of the selected rows. One component for every users list of the administration.
 */
export function UsersList({ scope, pathOf, actions, onInvite, rowMenu }: UsersListProps) {
  const navigate = useNavigate();
  const [params, setParams, sortTo] = useListParams(LIST);
  const { search, sortBy, sortDir, page, pageSize, status } = params;
  const canExport = scope.kind !== 'own';
  const selection = useRowSelection(`${search}|${status}`);
  const query = useQuery({
    queryKey: userKeys.list(scope, params),
    queryFn: ({ signal }) => fetchUsers(scope, params, signal),
    placeholderData: keepPreviousData,
  });

  const columns: DataTableColumn<UserSummary>[] = userColumns(pathOf, scope.kind === 'system');
  if (rowMenu) {
    columns.push({
      key: 'menu',
      header: '',
      width: 44,
      align: 'right',
      // Clicks in the menu (its dropdown too: React events bubble out of portals) must not open the row.
      cell: (user) => <Box onClick={(event) => event.stopPropagation()}>{rowMenu(user)}</Box>,
    });
  }

  return (
    <>
      <TableToolbar
        actions={
          <>
            {canExport ? (
              <ExportMenu
                onExport={(format) =>
                  exportUsers(scope, format, {
                    search: search || undefined,
                    status: status ?? undefined,
                    sortBy,
                    sortDir,
                  })
                }
              />
            ) : null}
            {actions}
          </>
        }
      >
        <SearchInput
          value={search}
          onChange={(next) => setParams({ search: next })}
          placeholder="Search users"
          label="Search users"
        />
        <UserStatusFilter value={status} onChange={(next) => setParams({ status: next })} />
      </TableToolbar>
      {canExport ? (
        <BulkActionBar count={selection.selected.length} noun="users" onClear={selection.clear}>
          <ExportMenu
            label="Export selected"
            variant="light"
            onExport={(format) => exportUsers(scope, format, selection.selected)}
          />
        </BulkActionBar>
      ) : null}
      <DataTable
        label="Users"
        columns={columns}
        rows={query.data?.items}
        getRowId={(user) => user.id}
        getRowLabel={(user) => user.email}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          <UsersEmptyState
            filtered={Boolean(search || status)}
            onClearFilters={() => setParams({ search: '', status: null })}
            onInvite={onInvite}
          />
        }
        sort={{ by: sortBy, dir: sortDir, onChange: sortTo }}
        selection={canExport ? { selected: selection.selected, onChange: selection.setSelected } : undefined}
        paging={{
          page,
          pageSize,
          total: query.data?.total ?? 0,
          onPageChange: (next) => setParams({ page: next }),
          onPageSizeChange: (size) => setParams({ pageSize: size }),
        }}
        onRowClick={(user) => navigate(pathOf(user))}
      />
    </>
  );
}
