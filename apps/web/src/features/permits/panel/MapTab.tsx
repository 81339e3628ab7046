import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMap } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { permitKeys } from '../permit-keys';
import { PanelError } from './PanelError';
import { PanelListSkeleton } from './PanelListSkeleton';
import { fetchPermitMapMetadata } from './panel-api';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="sm" px="xs" py={6}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

/** How many poles and spans the permit has on its map, and the way to its map. */
export function MapTab({ permitId }: { permitId: string }) {
  const metadata = useQuery({
    queryKey: permitKeys.mapMetadata(permitId),
    queryFn: ({ signal }) => fetchPermitMapMetadata(permitId, signal),
  });
  const mapPath = `/permitting/${encodeURIComponent(permitId)}/map`;

  if (metadata.isPending) return <PanelListSkeleton rows={2} />;
  if (metadata.isError) return <PanelError what="The map summary" onRetry={() => void metadata.refetch()} />;

  const { poleCount, spanCount, missingPoleIds } = metadata.data;
  const openMap = (
    <Button component={Link} to={mapPath} size="xs" variant="light" leftSection={<IconMap size={14} />}>
      Open map
    </Button>
  );
  if (poleCount === 0 && missingPoleIds.length === 0) {
    return (
      <EmptyStatePanel
        icon={IconMap}
        title="No poles on the map yet"
        description="Pick the poles this permit applies for on its map; their number and the spans between them show here."
        action={openMap}
      />
    );
  }
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs">
        <Figure label="Poles" value={poleCount} />
        <Figure label="Spans" value={spanCount} />
      </SimpleGrid>
      {missingPoleIds.length > 0 ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={14} color="var(--mantine-color-yellow-filled)" style={{ flex: 'none' }} />
          <Text size="xs">
            {missingPoleIds.length === 1 ? '1 pole is' : `${missingPoleIds.length} poles are`} no longer on
            the project's map ({missingPoleIds.slice(0, 5).join(', ')}
            {missingPoleIds.length > 5 ? ', …' : ''}). Open the map to review the permit's poles.
          </Text>
        </Group>
      ) : null}
      <Group>{openMap}</Group>
    </Stack>
  );
}
