import { formatDateTime, type MapMetadata, type Project } from '@crossarm/shared';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSession } from '../../session/use-session';
import { RetryNote } from '../components/RetryNote';
import { SummaryFigure } from '../components/SummaryFigure';
import { AgolSettingsSection } from '../map-data/AgolSettingsSection';
import { ImportSection } from '../map-data/ImportSection';
import { fetchAgol, fetchMapMetadata, mapDataKeys } from '../map-data/map-data-api';
import { canManageContributors } from '../project-abilities';

// MapLibre is large: it loads only when someone opens this tab.
const ProjectMap = lazy(() =>
  import('../map-data/ProjectMap').then((module) => ({ default: module.ProjectMap })),
);

function LastChange({ metadata }: { metadata: MapMetadata | undefined }) {
  const rows = [
    ['Poles synced', metadata?.polesSyncedAt],
    ['Spans synced', metadata?.spansSyncedAt],
    ['Data changed', metadata?.dataUpdatedAt],
  ] as const;
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Last change
      </Text>
      {metadata ? (
        rows.map(([label, value]) => (
          <Text key={label} size="xs" mt={2}>
            {label}: {value ? formatDateTime(value) : 'never'}
          </Text>
        ))
      ) : (
        <Skeleton height={26} mt={6} />
      )}
    </Paper>
  );
}

/** The project's map data: its ArcGIS layer with Validate, Save and Sync, file imports, and the map. */
export function MapDataTab({ project }: { project: Project }) {
  const canManage = canManageContributors(useSession(), project);
  const metadata = useQuery({
    queryKey: mapDataKeys.metadata(project.id),
    queryFn: ({ signal }) => fetchMapMetadata(project.id, signal),
  });
  const agol = useQuery({
    queryKey: mapDataKeys.agol(project.id),
    queryFn: ({ signal }) => fetchAgol(project.id, signal),
  });
  const data = metadata.data;
  return (
    <Stack gap="md">
      {metadata.isError ? (
        <RetryNote
          message="The project's map data could not be loaded."
          onRetry={() => void metadata.refetch()}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <SummaryFigure label="Poles" value={data?.poleCount} />
        <SummaryFigure label="Spans" value={data?.spanCount} />
        <LastChange metadata={data} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: canManage ? 2 : 1 }} spacing="md">
        {agol.data !== undefined ? (
          <AgolSettingsSection projectId={project.id} settings={agol.data} canManage={canManage} />
        ) : (
          <Skeleton height={260} radius="md" />
        )}
        {canManage ? <ImportSection projectId={project.id} /> : null}
      </SimpleGrid>
      {data ? (
        <Suspense fallback={<Skeleton height={460} radius="md" />}>
          <ProjectMap projectId={project.id} bbox={data.bbox} />
        </Suspense>
      ) : (
        <Skeleton height={460} radius="md" />
      )}
    </Stack>
  );
}
