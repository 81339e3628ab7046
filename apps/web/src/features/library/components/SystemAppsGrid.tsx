import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTableErrorState } from '../../../components/data-table/DataTableErrorState';
import { fetchSystemApps, libraryKeys } from '../api';
import { SystemAppCard } from './SystemAppCard';

const columns = { base: 1, sm: 2, lg: 3 };

/** The platform's applications as cards; skeleton cards while they load. */
export function SystemAppsGrid() {
  const apps = useQuery({ queryKey: libraryKeys.apps(), queryFn: ({ signal }) => fetchSystemApps(signal) });
  if (apps.isError) {
    return (
      <Paper withBorder radius="md">
        <DataTableErrorState error={apps.error} onRetry={() => void apps.refetch()} />
      </Paper>
    );
  }
  if (!apps.data) {
    return (
      <SimpleGrid cols={columns} spacing="md" aria-busy="true" aria-label="Loading applications">
        {Array.from({ length: 5 }, (_, index) => (
          // Placeholders have no identity but their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
          <Paper key={index} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Skeleton h={36} w="60%" />
              <Skeleton h={12} w="90%" />
              <Skeleton h={48} />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={columns} spacing="md">
      {apps.data.map((app) => (
        <SystemAppCard key={app.application} app={app} />
      ))}
    </SimpleGrid>
  );
}
