import 'maplibre-gl/dist/maplibre-gl.css';
import type { BoundingBox, SpanFeatureCollection } from '@crossarm/shared';
import { Box, Text } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { popupContent } from '../../projects/map-data/map-popup';
import { fitBox } from '../../projects/map-data/map-style';
import { MAP_FRAME, MapFooter } from '../../projects/map-data/ProjectMap';
import { useFeaturesInView } from '../../projects/map-data/use-features-in-view';
import { useMaplibreMap } from '../../projects/map-data/use-maplibre-map';
import { PickerLegend } from './PickerLegend';
import { addPickerLayers, poleAt, showPickerData } from './picker-layers';
import { type PickedPole, type PoleSelection, selectionFeatures } from './pole-selection';

interface PolePickerMapProps {
  projectId: string;
  /** Where the map opens: the permit's poles, or the project's. */
  bbox: BoundingBox | null;
  selection: PoleSelection;
  /** Spans drawn highlighted (a permit's spans). */
  spans?: SpanFeatureCollection | null;
  /** When given, a click on a pole adds or removes it; otherwise it shows the pole's attributes. */
  onToggle?: (pole: PickedPole) => void;
  /** The map's accessible name. */
  label: string;
  height?: number;
  /** Picking poles for a new application: every picked pole is new, there is nothing saved yet. */
  applying?: boolean;
}

/** The box around the named poles, or null when there are none. */
function extentOf(poles: PickedPole[]): BoundingBox | null {
  if (poles.length === 0) return null;
  const lons = poles.map((pole) => pole.coordinates[0]);
  const lats = poles.map((pole) => pole.coordinates[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/**
 * The project's poles (grey, clustered when zoomed out) around the view with the selection on top: saved
 * poles blue, picked ones green, taken-off ones hollow red. Clicking a pole toggles it when picking.
 */
export function PolePickerMap({
  projectId,
  bbox,
  selection,
  spans = null,
  onToggle,
  label,
  height = 480,
  applying = false,
}: PolePickerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const { map, failed, view } = useMaplibreMap(container, bbox, { popups: false });
  const inView = useFeaturesInView(projectId, map, view);
  const toggle = useRef(onToggle);
  toggle.current = onToggle;
  const features = useMemo(() => selectionFeatures(selection), [selection]);

  useEffect(() => {
    if (!map) return;
    addPickerLayers(map);
    const onClick = (event: maplibregl.MapMouseEvent) => {
      const pole = poleAt(map, event.point);
      if (!pole) return;
      if (toggle.current) {
        toggle.current(pole);
        return;
      }
      new maplibregl.Popup({ closeButton: true, maxWidth: '320px' })
        .setLngLat(pole.coordinates)
        .setDOMContent(popupContent(pole.properties))
        .addTo(map);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  useEffect(() => {
    if (map) showPickerData(map, features, spans);
  }, [map, features, spans]);

  const extent = extentOf(selection.current) ?? bbox;
  if (failed) {
    return (
      <Text size="sm" c="dimmed" role="status">
        The map cannot be shown in this browser (it needs WebGL). Use the list of poles instead.
      </Text>
    );
  }
  return (
    <Box>
      <Box ref={container} h={height} style={MAP_FRAME} role="region" aria-label={label} />
      <MapFooter
        legend={<PickerLegend picking={Boolean(onToggle)} applying={applying} />}
        summary={inView.summary}
        fitLabel="Show picked poles"
        fitDisabled={!map || !extent}
        onFit={() => extent && map?.fitBounds(fitBox(extent), { padding: 40 })}
      />
    </Box>
  );
}
