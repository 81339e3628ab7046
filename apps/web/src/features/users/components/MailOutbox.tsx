import { formatDateTime, type MailRecord } from '@crossarm/shared';
import { ActionIcon, Badge, EmptyState, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconMail } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { SearchInput } from '../../../components/data-table/SearchInput';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { fetchMailOutbox, userKeys } from '../api';
import { MailText } from './MailText';

const LIST: ListParamsConfig<'createdAt', never> = { sortKeys: ['createdAt'], defaultSort: 'createdAt' };

function columns(expandedId: string | null): DataTableColumn<MailRecord>[] {
  return [
    {
      key: 'expand',
      header: '',
      width: 36,
      cell: (mail) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={expandedId === mail.id ? 'Hide message' : 'Show message'}
          tabIndex={-1}
        >
          {expandedId === mail.id ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ),
    },
    {
      key: 'to',
      header: 'To',
      width: '28%',
      cell: (mail) => (
        <Text size="sm" truncate="end" title={mail.to}>
          {mail.to}
        </Text>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      cell: (mail) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} truncate="end" title={mail.subject}>
            {mail.subject}
          </Text>
          <Badge size="xs" variant="default" radius="sm" tt="none" fw={500} style={{ flexShrink: 0 }}>
            {mail.template}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'when',
      header: 'When',
      width: 190,
      cell: (mail) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(mail.createdAt)}
        </Text>
      ),
    },
    {
      key: 'sent',
      header: 'Delivery',
      width: 100,
      cell: (mail) => (
        <Badge size="sm" variant="light" color={mail.sentAt ? 'green' : 'gray'} radius="sm" tt="none">
          {mail.sentAt ? 'Sent' : 'In outbox'}
        </Badge>
      ),
    },
  ];
}

/** Mail Crossarm sent, newest first; a row opens its text, whose links can be followed. */
export function MailOutbox() {
  const [params, setParams] = useListParams(LIST);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const request = { page: params.page, pageSize: params.pageSize, to: params.search };
  const query = useQuery({
    queryKey: userKeys.mail(request),
    queryFn: ({ signal }) => fetchMailOutbox(request, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <TableToolbar>
        <SearchInput
          value={params.search}
          onChange={(to) => setParams({ search: to })}
          placeholder="Recipient's full address"
          label="Recipient e-mail address"
          width={320}
        />
        <Text size="xs" c="dimmed">
          Invitations and password links are listed here; open one to read it and follow its link.
        </Text>
      </TableToolbar>
      <DataTable
        label="Mail outbox"
        columns={columns(expandedId)}
        rows={query.data?.items}
        getRowId={(mail) => mail.id}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        expandedRowId={expandedId}
        renderExpanded={(mail) => <MailText text={mail.text} />}
        onRowClick={(mail) => setExpandedId((current) => (current === mail.id ? null : mail.id))}
        empty={
          <EmptyState
            py={40}
            maw={440}
            mx="auto"
            icon={<IconMail size={24} stroke={1.5} />}
            withIndicatorBackground
          >
            <EmptyState.Title order={3}>
              {params.search ? 'No mail to that address' : 'No mail yet'}
            </EmptyState.Title>
            <EmptyState.Description>
              Invitations and password reset links appear here as soon as they are sent.
            </EmptyState.Description>
          </EmptyState>
        }
        paging={{
          page: params.page,
          pageSize: params.pageSize,
          total: query.data?.total ?? 0,
          onPageChange: (page) => setParams({ page }),
          onPageSizeChange: (pageSize) => setParams({ pageSize }),
        }}
      />
    </>
  );
}
