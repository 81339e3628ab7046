import 'maplibre-gl/dist/maplibre-gl.css';
import type { BoundingBox } from '@crossarm/shared';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import { useRef } from 'react';
import { MapLegend } from './MapLegend';
import { fitBox } from './map-style';
import { useFeaturesInView } from './use-features-in-view';
import { useMaplibreMap } from './use-maplibre-map';

interface ProjectMapProps {
  projectId: string;
  /** The extent of the project's poles and spans; null while it has none. */
  bbox: BoundingBox | null;
}

const FRAME = {
  borderRadius: 'var(--mantine-radius-md)',
  overflow: 'hidden',
  border: '1px solid var(--mantine-color-default-border)',
} as const;

/** The project's poles (clustered when zoomed out) and, closer in, spans, over OpenStreetMap. */
export function ProjectMap({ projectId, bbox }: ProjectMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, failed, view } = useMaplibreMap(container, bbox);
  const inView = useFeaturesInView(projectId, map, view);

  if (failed) {
    return (
      <Text size="sm" c="dimmed" role="status">
        The map cannot be shown in this browser (it needs WebGL). The counts above are still current.
      </Text>
    );
  }
  return (
    <Box>
      <Box ref={container} h={460} style={FRAME} role="region" aria-label="Project map" />
      <Group justify="space-between" mt={6} gap="sm" wrap="wrap">
        <MapLegend />
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" role="status" aria-live="polite">
            {inView.summary}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconFocus2 size={13} />}
            disabled={!map || !bbox}
            onClick={() => bbox && map?.fitBounds(fitBox(bbox), { padding: 40 })}
          >
            Show all poles
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
