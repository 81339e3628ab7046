import { type AuditRecord, formatDateTime, type Page } from '@crossarm/shared';
import { Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { actionLabel, changedFields, type NameLookup } from '../audit-diff';
import { AuditChanges } from './AuditChanges';

interface PageParams {
  page: number;
  pageSize: number;
}

interface AuditHistoryProps {
  queryKey: (params: PageParams) => QueryKey;
  fetchPage: (params: PageParams, signal: AbortSignal) => Promise<Page<AuditRecord>>;
  /** 'this organization', 'this user'. */
  subject: string;
  /** Names for the ids the records hold (organizations). */
  names?: NameLookup;
}

const NO_NAMES: NameLookup = {};
const LIST: ListParamsConfig<'createdAt', never> = { sortKeys: ['createdAt'], defaultSort: 'createdAt' };

function columns(names: NameLookup): DataTableColumn<AuditRecord>[] {
  return [
    {
      key: 'when',
      header: 'When',
      width: 180,
      cell: (record) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(record.createdAt)}
        </Text>
      ),
    },
    {
      key: 'who',
      header: 'Who',
      width: '20%',
      cell: (record) => (
        <Text size="sm" truncate="end" title={record.actor?.email}>
          {record.actor?.name || record.actor?.email || 'System'}
        </Text>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      width: '20%',
      cell: (record) => (
        <Text size="sm" fw={500} truncate="end" title={record.action}>
          {actionLabel(record.action)}
        </Text>
      ),
    },
    {
      key: 'changes',
      header: 'Changes',
      cell: (record) => <AuditChanges changes={changedFields(record, names)} />,
    },
  ];
}

/** What administrators changed, newest first, a page at a time. */
export function AuditHistory({ queryKey, fetchPage, subject, names = NO_NAMES }: AuditHistoryProps) {
  const [params, setParams] = useListParams(LIST);
  const paging = { page: params.page, pageSize: params.pageSize };
  const query = useQuery({
    queryKey: queryKey(paging),
    queryFn: ({ signal }) => fetchPage(paging, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <DataTable
      label="History"
      columns={columns(names)}
      rows={query.data?.items}
      getRowId={(record) => record.id}
      fetching={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      skeletonRows={5}
      empty={
        <EmptyStatePanel
          icon={IconHistory}
          maw={420}
          title="No changes recorded"
          description={`Changes administrators make to ${subject} will be listed here.`}
        />
      }
      paging={{
        ...paging,
        total: query.data?.total ?? 0,
        onPageChange: (page) => setParams({ page }),
        onPageSizeChange: (pageSize) => setParams({ pageSize }),
      }}
    />
  );
}
