import type { PoleFeatureCollection, SpanFeatureCollection } from '@crossarm/shared';
import type * as maplibregl from 'maplibre-gl';
import { FEATURE_LAYERS } from '../../projects/map-data/map-style';
import type { PickedPole } from './pole-selection';

// The overlay of a map where poles are picked: the picked poles (coloured by state) and highlighted spans
// over the project's poles, which are dimmed so the picked ones stand out.

export const PICKED_COLORS = {
  saved: '#1c7ed6',
  added: '#2f9e44',
  removed: '#e03131',
  project: '#868e96',
  span: '#1c7ed6',
} as const;

export const PICKED_LAYER = 'picked-poles';
const PICKED_SPANS_LAYER = 'picked-spans';

const EMPTY: SpanFeatureCollection = { type: 'FeatureCollection', features: [], truncated: false };

/** Adds the overlay's sources and layers, and greys the project's poles underneath. */
export function addPickerLayers(map: maplibregl.Map) {
  map.setPaintProperty(FEATURE_LAYERS.poles.id, 'circle-color', PICKED_COLORS.project);
  map.setPaintProperty(FEATURE_LAYERS.clusters.id, 'circle-color', PICKED_COLORS.project);
  map.setPaintProperty(FEATURE_LAYERS.clusters.id, 'circle-stroke-color', PICKED_COLORS.project);
  map.addSource(PICKED_SPANS_LAYER, { type: 'geojson', data: EMPTY });
  map.addSource(PICKED_LAYER, { type: 'geojson', data: EMPTY });
  map.addLayer({
    id: PICKED_SPANS_LAYER,
    type: 'line',
    source: PICKED_SPANS_LAYER,
    paint: { 'line-color': PICKED_COLORS.span, 'line-width': 3, 'line-opacity': 0.9 },
  });
  map.addLayer({
    id: PICKED_LAYER,
    type: 'circle',
    source: PICKED_LAYER,
    paint: {
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 4, 16, 8],
      'circle-color': [
        'match',
        ['get', 'state'],
        'added',
        PICKED_COLORS.added,
        'removed',
        '#ffffff',
        PICKED_COLORS.saved,
      ],
      'circle-stroke-color': ['match', ['get', 'state'], 'removed', PICKED_COLORS.removed, '#ffffff'],
      'circle-stroke-width': ['match', ['get', 'state'], 'removed', 2.5, 1.5],
    },
  });
  map.on('mouseenter', PICKED_LAYER, () => {
    map.getCanvas().style.cursor = 'pointer';
  });
  map.on('mouseleave', PICKED_LAYER, () => {
    map.getCanvas().style.cursor = '';
  });
}

/** Draws the picked poles and the highlighted spans. */
export function showPickerData(
  map: maplibregl.Map,
  poles: PoleFeatureCollection,
  spans: SpanFeatureCollection | null,
) {
  map.getSource<maplibregl.GeoJSONSource>(PICKED_LAYER)?.setData(poles);
  map.getSource<maplibregl.GeoJSONSource>(PICKED_SPANS_LAYER)?.setData(spans ?? EMPTY);
}

/** The pole under a click: a picked one first (it is drawn on top), else one of the project's. */
export function poleAt(map: maplibregl.Map, point: maplibregl.PointLike): PickedPole | null {
  const layers = [PICKED_LAYER, FEATURE_LAYERS.poles.id].filter((id) => map.getLayer(id));
  const [feature] = map.queryRenderedFeatures(point, { layers });
  if (feature?.geometry.type !== 'Point') return null;
  const { state: _state, ...properties } = (feature.properties ?? {}) as Record<string, unknown>;
  const externalId = properties.externalId;
  if (externalId === undefined || externalId === null) return null;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  return { externalId: String(externalId), coordinates: [lon, lat], properties } satisfies PickedPole;
}
