import { formatDate, permitsText, type TemplatePermit } from '@crossarm/shared';
import { Group, Stack, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { StatusBadge } from '../../../components/StatusBadge';
import { fetchVersionPermits, workflowKeys } from '../api';
import { matchesPermitSearch } from './migration-plan';

const PAGE_SIZES = [25, 50, 100, 200] as const;

const COLUMNS: DataTableColumn<TemplatePermit>[] = [
  { key: 'number', header: 'Permit', width: 150, cell: (permit) => permit.permitNumber },
  { key: 'applicant', header: 'Applicant', cell: (permit) => permit.applicant.name },
  { key: 'status', header: 'Status', width: 130, cell: (permit) => <StatusBadge status={permit.status} /> },
  { key: 'stage', header: 'Stage', cell: (permit) => permit.activeStage?.name ?? 'Finished' },
  { key: 'created', header: 'Applied', width: 120, cell: (permit) => formatDate(permit.createdAt) },
];

interface VersionPermitPickerProps {
  projectId: string;
  templateId: string;
  selected: string[];
  onChange: (permitIds: string[]) => void;
}

/**
 * The version's permits a page at a time, to tick the ones to move; ticks are kept across pages. The list
 * offers no search of its own, so the box narrows the page shown (a bigger page covers more).
 */
export function VersionPermitPicker({ projectId, templateId, selected, onChange }: VersionPermitPickerProps) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: workflowKeys.versionPermitPage(projectId, templateId, paging.page, paging.pageSize),
    queryFn: ({ signal }) => fetchVersionPermits(projectId, templateId, paging, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.items.filter((permit) => matchesPermitSearch(permit, search));
  const noPermits = (
    <EmptyStatePanel
      icon={IconFileOff}
      title="No permits on this version"
      description="They may have moved already."
    />
  );
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Filter this page by number, applicant or stage"
          label="Filter the permits on this page"
          width={340}
        />
        <Text size="sm" c={selected.length === 0 ? 'red' : 'dimmed'} aria-live="polite">
          {selected.length === 0 ? 'Choose at least one permit' : `${permitsText(selected.length)} chosen`}
        </Text>
      </Group>
      <DataTable
        label="Permits on this version"
        columns={COLUMNS}
        rows={rows}
        getRowId={(permit) => permit.id}
        getRowLabel={(permit) => permit.permitNumber}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        skeletonRows={5}
        empty={
          search ? (
            <NoMatchesPanel
              noun="permits"
              hint="Only the page shown is searched; try another page or a bigger page size."
              onClearFilters={() => setSearch('')}
            />
          ) : (
            noPermits
          )
        }
        selection={{ selected, onChange }}
        paging={{
          page: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          pageSizes: PAGE_SIZES,
          onPageChange: (page) => setPaging((current) => ({ ...current, page })),
          onPageSizeChange: (pageSize) => setPaging({ page: 1, pageSize }),
        }}
      />
    </Stack>
  );
}
