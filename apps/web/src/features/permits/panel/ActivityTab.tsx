import type { ExportFormat } from '@crossarm/shared';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFilter, IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ExportMenu } from '../../../components/data-table/ExportMenu';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { permitKeys } from '../permit-keys';
import { ActivityEntryItem } from './ActivityEntryItem';
import { activityKindLabel } from './activity-diff';
import {
  type ActivityFilterState,
  activityFilterBody,
  dateRangeProblem,
  hasActivityFilters,
  NO_ACTIVITY_FILTERS,
} from './activity-filters';
import { PanelError } from './PanelError';
import { PanelListSkeleton } from './PanelListSkeleton';
import { exportActivity, fetchActivityFilters, fetchActivityPage } from './panel-api';
import { usePanelAbilities } from './use-panel-abilities';

const PAGE_SIZE = 25;

/** The permit's activity log, newest first: filter by kind, person and dates; page; export. */
export function ActivityTab({ permitId }: { permitId: string }) {
  const abilities = usePanelAbilities(permitId);
  const [filters, setFilters] = useState<ActivityFilterState>(NO_ACTIVITY_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const [page, setPage] = useState(1);
  const body = activityFilterBody(filters);
  const options = useQuery({
    queryKey: permitKeys.activityFilters(permitId),
    queryFn: ({ signal }) => fetchActivityFilters(permitId, signal),
  });
  const entries = useQuery({
    queryKey: permitKeys.activityPage(permitId, { body, page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => fetchActivityPage(permitId, body, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

  const change = (next: Partial<ActivityFilterState>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const filtered = hasActivityFilters(filters);
  const rangeProblem = dateRangeProblem(filters);

  let list: ReactNode;
  if (entries.isPending) list = <PanelListSkeleton rows={5} />;
  else if (entries.isError) list = <PanelError what="The activity" onRetry={() => void entries.refetch()} />;
  else if (entries.data.total === 0 && !filtered) {
    list = (
      <EmptyStatePanel
        icon={IconHistory}
        title="No activity yet"
        description="Every change to this permit (stages, tasks, values, files, comments) is recorded here with who made it and when. Start working on the permit and it fills up."
      />
    );
  } else if (entries.data.total === 0) {
    list = (
      <Text size="sm" c="dimmed" ta="center" py="md">
        Nothing matches these filters.{' '}
        <Anchor component="button" size="sm" onClick={() => change(NO_ACTIVITY_FILTERS)}>
          Clear filters
        </Anchor>
      </Text>
    );
  } else {
    const { total } = entries.data;
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const first = (page - 1) * PAGE_SIZE + 1;
    list = (
      <Stack gap="xs">
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Activity">
          {entries.data.items.map((entry) => (
            <ActivityEntryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" aria-live="polite">
            {first}–{Math.min(total, page * PAGE_SIZE)} of {total}
          </Text>
          {pages > 1 ? (
            <Pagination size="xs" total={pages} value={page} onChange={setPage} siblings={0} />
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Button
          size="xs"
          variant={showFilters || filtered ? 'light' : 'default'}
          leftSection={<IconFilter size={14} />}
          onClick={() => setShowFilters((shown) => !shown)}
          aria-expanded={showFilters}
        >
          Filters{filtered ? ' (on)' : ''}
        </Button>
        {abilities.export ? (
          <ExportMenu
            onExport={(format: ExportFormat) => exportActivity(permitId, body, format)}
            disabled={!entries.data || entries.data.total === 0}
          />
        ) : null}
      </Group>
      {showFilters ? (
        <Stack gap={6}>
          <MultiSelect
            size="xs"
            label="Activity"
            placeholder={filters.kinds.length === 0 ? 'All activity' : undefined}
            data={(options.data?.kinds ?? []).map((kind) => ({
              value: kind,
              label: activityKindLabel(kind),
            }))}
            value={filters.kinds}
            onChange={(kinds) => change({ kinds })}
            clearable
            searchable
          />
          <MultiSelect
            size="xs"
            label="People"
            placeholder={filters.userIds.length === 0 ? 'Everyone' : undefined}
            data={(options.data?.users ?? []).map((user) => ({ value: user.id, label: user.name }))}
            value={filters.userIds}
            onChange={(userIds) => change({ userIds })}
            clearable
            searchable
          />
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              size="xs"
              type="date"
              label="From"
              value={filters.fromDay}
              onChange={(event) => change({ fromDay: event.currentTarget.value })}
              error={rangeProblem ?? undefined}
            />
            <TextInput
              size="xs"
              type="date"
              label="To"
              value={filters.toDay}
              onChange={(event) => change({ toDay: event.currentTarget.value })}
            />
          </SimpleGrid>
          {filtered ? (
            <Group justify="flex-end">
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => change(NO_ACTIVITY_FILTERS)}
              >
                Clear filters
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
      {list}
    </Stack>
  );
}
