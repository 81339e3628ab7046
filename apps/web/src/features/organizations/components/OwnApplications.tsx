import type { ApplicationUsage } from '@crossarm/shared';
import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { applicationLabels } from '../../shell/applications';
import { fetchOwnApplications, organizationKeys } from '../api';

const DESCRIPTIONS: Record<ApplicationUsage['application'], string> = {
  JointUse: 'Joint use permits',
  Engineering: 'Engineering projects',
  Vegetation: 'Vegetation hazards',
  Resilience: 'Grid reliability and risk',
  Geospatial: '2D and 3D geospatial datasets',
};

const columns: DataTableColumn<ApplicationUsage>[] = [
  {
    key: 'application',
    header: 'Application',
    cell: (row) => (
      <Text size="sm" fw={500} c={row.enabled ? 'var(--mantine-color-bright)' : 'dimmed'}>
        {applicationLabels[row.application]}
      </Text>
    ),
  },
  {
    key: 'description',
    header: 'For',
    width: '36%',
    cell: (row) => (
      <Text size="sm" c="dimmed" truncate="end">
        {DESCRIPTIONS[row.application]}
      </Text>
    ),
  },
  {
    key: 'enabled',
    header: 'Status',
    width: 120,
    cell: (row) => (
      <Badge size="sm" variant="light" color={row.enabled ? 'blue' : 'gray'} radius="sm" tt="none">
        {row.enabled ? 'Enabled' : 'Not enabled'}
      </Badge>
    ),
  },
  {
    key: 'users',
    header: 'Active users',
    width: 120,
    align: 'right',
    cell: (row) => (
      <Text size="sm" c={row.enabled ? undefined : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {row.enabled ? row.userCount : '—'}
      </Text>
    ),
  },
];

/** The organization's applications, whether each is on, and how many active users can open it. */
export function OwnApplications() {
  const query = useQuery({
    queryKey: organizationKeys.ownApplications(),
    queryFn: ({ signal }) => fetchOwnApplications(signal),
  });
  return (
    <>
      <DataTable
        label="Applications"
        columns={columns}
        rows={query.data}
        getRowId={(row) => row.application}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        skeletonRows={5}
        empty={null}
      />
      <Text size="xs" c="dimmed" mt="xs">
        Platform administrators turn applications on or off; ask them to enable one your organization needs.
      </Text>
    </>
  );
}
