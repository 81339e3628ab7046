import 'maplibre-gl/dist/maplibre-gl.css';
import type { BoundingBox } from '@crossarm/shared';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconFocus2 } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { MapLegend } from './MapLegend';
import { fitBox } from './map-style';
import { useFeaturesInView } from './use-features-in-view';
import { useMaplibreMap } from './use-maplibre-map';

interface MapFooterProps {
  legend: ReactNode;
  /** What the map shows around the view (counts, truncation), announced as it changes. */
  summary: string;
  fitLabel: string;
  fitDisabled: boolean;
  onFit: () => void;
}

/** Under a map: its legend, what is in view, and a button bringing the data back into view. */
export function MapFooter({ legend, summary, fitLabel, fitDisabled, onFit }: MapFooterProps) {
  return (
    <Group justify="space-between" mt={6} gap="sm" wrap="wrap">
      {legend}
      <Group gap="sm" wrap="nowrap">
        <Text size="xs" c="dimmed" role="status" aria-live="polite">
          {summary}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconFocus2 size={13} />}
          disabled={fitDisabled}
          onClick={onFit}
        >
          {fitLabel}
        </Button>
      </Group>
    </Group>
  );
}

interface ProjectMapProps {
  projectId: string;
  /** The extent of the project's poles and spans; null while it has none. */
  bbox: BoundingBox | null;
}

/** The map's frame: rounded, with the default border. */
export const MAP_FRAME = {
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
      <Box ref={container} h={460} style={MAP_FRAME} role="region" aria-label="Project map" />
      <MapFooter
        legend={<MapLegend />}
        summary={inView.summary}
        fitLabel="Show all poles"
        fitDisabled={!map || !bbox}
        onFit={() => bbox && map?.fitBounds(fitBox(bbox), { padding: 40 })}
      />
    </Box>
  );
}
