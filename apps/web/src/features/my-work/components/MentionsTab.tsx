import { formatDateTime, type MyMention } from '@crossarm/shared';
import {
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTableErrorState } from '../../../components/data-table/DataTableErrorState';
import { DataTablePagination } from '../../../components/data-table/DataTablePagination';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { type ListParamsConfig, useListParams } from '../../../components/data-table/use-list-params';
import { useListPageInRange } from '../../../components/data-table/use-page-in-range';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { permitKeys } from '../../permits/permit-keys';
import { useNow } from '../../permits/workflow/use-now';
import { mentionPath, timeAgo } from '../my-work';
import { fetchMyMentions } from '../my-work-api';
import './my-work.css';
import { MyWorkEmptyState } from './MyWorkEmptyState';

// Mentions come newest first and do not sort; All is the default and stays out of the URL.
const LIST: ListParamsConfig<'newest', 'Unread'> = {
  sortKeys: ['newest'],
  defaultSort: 'newest',
  statuses: ['Unread'],
};

const ROW_BORDER = { borderTop: '1px solid var(--mantine-color-default-border)' } as const;

function MentionRow({ mention, now }: { mention: MyMention; now: Date }) {
  const author = mention.author?.name ?? 'A former user';
  return (
    <UnstyledButton
      component={Link}
      to={mentionPath(mention)}
      display="block"
      px="sm"
      py={8}
      aria-label={`${mention.read ? '' : 'Unread: '}${author} mentioned you on ${mention.permitNumber}`}
      className="my-work-mention"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          w={8}
          h={8}
          mt={6}
          style={{ flexShrink: 0, borderRadius: '50%' }}
          bg={mention.read ? 'transparent' : 'var(--mantine-primary-color-filled)'}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" truncate="end">
              <Text span fw={mention.read ? 500 : 700}>
                {author}
              </Text>
              <Text span c="dimmed">
                {' '}
                on{' '}
              </Text>
              <Text span ff="monospace" fw={500}>
                {mention.permitNumber}
              </Text>
              <Text span c="dimmed">
                {' '}
                · {mention.projectName}
              </Text>
            </Text>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={mention.createdAt}
              title={formatDateTime(mention.createdAt)}
              style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {timeAgo(mention.createdAt, now)}
            </Text>
          </Group>
          <Text size="sm" c={mention.read ? 'dimmed' : undefined} lineClamp={2}>
            {mention.excerpt || 'A comment with attachments only'}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function MentionSkeletons() {
  return (
    <Stack gap={0} aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
        <Stack key={index} gap={6} px="sm" py={10} style={index > 0 ? ROW_BORDER : undefined}>
          <Skeleton height={10} width="40%" radius="sm" />
          <Skeleton height={10} width={index % 2 ? '85%' : '65%'} radius="sm" />
        </Stack>
      ))}
    </Stack>
  );
}

/** The comments that mention the caller, newest first, all or unread only; each opens at its comment. */
export function MentionsTab() {
  const now = useNow();
  const [list, update] = useListParams(LIST);
  const request = { show: list.status ?? 'All' } as const;
  const paging = { page: list.page, pageSize: list.pageSize };
  const query = useQuery({
    queryKey: permitKeys.myMentions(request, paging),
    queryFn: ({ signal }) => fetchMyMentions(request, paging, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useListPageInRange(query, list, update);
  const items = query.data?.items;

  let body: ReactNode;
  if (query.error && !items) body = null;
  else if (!items) body = <MentionSkeletons />;
  else if (items.length === 0) {
    body =
      request.show === 'Unread' ? (
        <EmptyStatePanel
          icon={IconAt}
          title="No unread mentions"
          description="You have read every comment that mentions you."
          action={
            <Button size="xs" variant="default" onClick={() => update({ status: null })}>
              Show all mentions
            </Button>
          }
        />
      ) : (
        <MyWorkEmptyState
          icon={IconAt}
          title="No one has mentioned you yet"
          description="When someone writes @ and your name in a permit's comments, the comment is listed here."
        />
      );
  } else {
    body = (
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {items.map((mention, index) => (
          <Box component="li" key={mention.commentId} style={index > 0 ? ROW_BORDER : undefined}>
            <MentionRow mention={mention} now={now} />
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <TableToolbar>
        <SegmentedControl
          size="xs"
          aria-label="Show"
          value={request.show}
          onChange={(value) => update({ status: value === 'Unread' ? 'Unread' : null })}
          data={['All', 'Unread']}
        />
      </TableToolbar>
      <Paper
        withBorder
        radius="md"
        style={{ overflow: 'clip', opacity: query.isPlaceholderData ? 0.65 : 1, transition: 'opacity 120ms' }}
        aria-label="Mentions"
        aria-busy={!items || query.isPlaceholderData}
      >
        {body}
        {query.error ? (
          <DataTableErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : null}
        {items && items.length > 0 && !query.error ? (
          <Box style={ROW_BORDER}>
            <DataTablePagination
              page={list.page}
              pageSize={list.pageSize}
              total={query.data?.total ?? 0}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize })}
            />
          </Box>
        ) : null}
      </Paper>
    </>
  );
}
