import { formatDate, type Organization } from '@crossarm/shared';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconBuilding, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { BulkActionBar } from '../../../components/data-table/BulkActionBar';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { useRowSelection } from '../../../components/data-table/use-row-selection';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { exportOrganizations, fetchOrganizations, type OrganizationSortBy, organizationKeys } from '../api';
import { ApplicationBadges } from './ApplicationBadges';
import { OrganizationLogo } from './OrganizationLogo';

const LIST: ListParamsConfig<OrganizationSortBy, never> = {
  sortKeys: ['name', 'city', 'userCount', 'createdAt'],
  defaultSort: 'name',
};

const detailPath = (organization: Organization) => `/admin/system/organizations/${organization.id}`;

const columns: DataTableColumn<Organization>[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (organization) => (
      <Group gap="xs" wrap="nowrap">
        <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size={22} />
        <Anchor
          component={Link}
          to={detailPath(organization)}
          size="sm"
          fw={500}
          c="var(--mantine-color-bright)"
          truncate="end"
          onClick={(event) => event.stopPropagation()}
        >
          {organization.name}
        </Anchor>
      </Group>
    ),
  },
  {
    key: 'city',
    header: 'City / state',
    sortKey: 'city',
    width: '16%',
    cell: (organization) => {
      const place = [organization.city, organization.state].filter(Boolean).join(', ');
      return (
        <Text size="sm" c={place ? undefined : 'dimmed'} truncate="end">
          {place || '—'}
        </Text>
      );
    },
  },
  {
    key: 'applications',
    header: 'Applications',
    width: '28%',
    cell: (organization) => <ApplicationBadges applications={organization.applications} />,
  },
  {
    key: 'userCount',
    header: 'Users',
    sortKey: 'userCount',
    width: 90,
    align: 'right',
    cell: (organization) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {organization.userCount}
      </Text>
    ),
  },
  {
    key: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    width: 120,
    visibleFrom: 'lg',
    cell: (organization) => (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(organization.createdAt)}
      </Text>
    ),
  },
];

interface OrganizationsListProps {
  /** Set for people who may create organizations. */
  onCreate?: () => void;
}

/** Every organization: search, sort, paging, selection with export, and the way into each one. */
export function OrganizationsList({ onCreate }: OrganizationsListProps) {
  const navigate = useNavigate();
  const [params, setParams, sortTo] = useListParams(LIST);
  const { search, sortBy, sortDir, page, pageSize } = params;
  const selection = useRowSelection(search);
  const query = useQuery({
    queryKey: organizationKeys.list({ search, sortBy, sortDir, page, pageSize }),
    queryFn: ({ signal }) => fetchOrganizations({ search, sortBy, sortDir, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

  const empty = search ? (
    <EmptyStatePanel
      icon={IconSearch}
      title={`No organizations match “${search}”`}
      description="Search looks at names, cities and contact e-mail addresses."
      action={
        <Button size="xs" variant="default" onClick={() => setParams({ search: '' })}>
          Clear search
        </Button>
      }
    />
  ) : (
    <EmptyStatePanel
      icon={IconBuilding}
      title="No organizations yet"
      description="Pole owners and the companies that attach to their poles each get an organization, with its users and applications."
      action={
        onCreate ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            New organization
          </Button>
        ) : null
      }
    />
  );

  return (
    <>
      <TableToolbar
        actions={
          <ExportMenu
            onExport={(format) =>
              exportOrganizations(format, { search: search || undefined, sortBy, sortDir })
            }
          />
        }
      >
        <SearchInput
          value={search}
          onChange={(next) => setParams({ search: next })}
          placeholder="Search organizations"
          label="Search organizations"
        />
      </TableToolbar>
      <BulkActionBar count={selection.selected.length} noun="organizations" onClear={selection.clear}>
        <ExportMenu
          label="Export selected"
          variant="light"
          onExport={(format) => exportOrganizations(format, selection.selected)}
        />
      </BulkActionBar>
      <DataTable
        label="Organizations"
        columns={columns}
        rows={query.data?.items}
        getRowId={(organization) => organization.id}
        getRowLabel={(organization) => organization.name}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={empty}
        sort={{ by: sortBy, dir: sortDir, onChange: sortTo }}
        selection={{ selected: selection.selected, onChange: selection.setSelected }}
        paging={{
          page,
          pageSize,
          total: query.data?.total ?? 0,
          onPageChange: (next) => setParams({ page: next }),
          onPageSizeChange: (size) => setParams({ pageSize: size }),
        }}
        onRowClick={(organization) => navigate(detailPath(organization))}
      />
    </>
  );
}
