import type { Project } from '@crossarm/shared';
import { Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTabParam } from '../../../components/use-tab-param';
import { ApplyCheckPanel } from '../access/ApplyCheckPanel';
import { fetchProjectSummary, projectKeys } from '../api';
import { BarList } from '../components/BarList';
import { RetryNote } from '../components/RetryNote';
import { SummaryFigure } from '../components/SummaryFigure';
import { EMPTY_SUMMARY, stageBars, statusBars } from '../project-summary';
import { PROJECT_TABS } from '../project-tabs';

function Section({ title, loading, children }: { title: string; loading: boolean; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="sm" fw={600} mb="sm">
        {title}
      </Title>
      {loading ? (
        <Stack gap={10}>
          <Skeleton height={10} width="70%" />
          <Skeleton height={10} width="45%" />
          <Skeleton height={10} width="60%" />
        </Stack>
      ) : (
        children
      )}
    </Paper>
  );
}

/**
 * A project at a glance: whether the caller may apply, how many permits, poles and spans, permits by status
 * and where active ones stand.
 */
export function OverviewTab({ project }: { project: Project }) {
  const [, openTab] = useTabParam(PROJECT_TABS);
  const query = useQuery({
    queryKey: projectKeys.summary(project.id),
    queryFn: ({ signal }) => fetchProjectSummary(project.id, signal),
    retry: false,
  });
  // Without figures (none yet, or the call failed) the overview reads as an empty project.
  const summary = query.data ?? EMPTY_SUMMARY;
  const loading = query.isPending;
  return (
    <Stack gap="md">
      <ApplyCheckPanel project={project} onOpenTab={openTab} />
      {query.isError ? (
        <RetryNote
          message="The figures of this project could not be loaded, so they show as zero."
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <SummaryFigure label="Total permits" value={loading ? undefined : summary.totalPermits} />
        <SummaryFigure label="Poles" value={loading ? undefined : summary.poles} />
        <SummaryFigure label="Spans" value={loading ? undefined : summary.spans} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Permits by status" loading={loading}>
          <BarList bars={statusBars(summary)} emptyText="No permits yet." />
        </Section>
        <Section title="Active permits by stage" loading={loading}>
          <BarList bars={stageBars(summary)} emptyText="No active permits in any stage yet." color="teal" />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
