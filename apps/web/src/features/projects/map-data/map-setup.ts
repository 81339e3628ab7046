import type { BoundingBox, PoleFeatureCollection, SpanFeatureCollection } from '@crossarm/shared';
import * as maplibregl from 'maplibre-gl';
import { popupContent } from './map-popup';
import { FEATURE_LAYERS } from './map-style';

/** What part of the world the map shows. */
export interface MapView {
  bbox: BoundingBox;
  zoom: number;
}

const EMPTY: PoleFeatureCollection = { type: 'FeatureCollection', features: [], truncated: false };

/** The map's view as a box clamped to the world, with its zoom. */
export function viewOf(map: maplibregl.Map): MapView {
  const bounds = map.getBounds();
  return {
    bbox: [
      Math.max(-180, bounds.getWest()),
      Math.max(-90, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(90, bounds.getNorth()),
    ],
    zoom: map.getZoom(),
  };
}

/** Puts features into one of the map's GeoJSON sources. */
export function showFeatures(
  map: maplibregl.Map,
  source: 'poles' | 'spans',
  data: PoleFeatureCollection | SpanFeatureCollection | null,
) {
  map.getSource<maplibregl.GeoJSONSource>(source)?.setData(data ?? EMPTY);
}

function onClusterClick(map: maplibregl.Map, event: maplibregl.MapLayerMouseEvent) {
  const feature = event.features?.[0];
  const clusterId = feature?.properties?.cluster_id;
  if (!feature || typeof clusterId !== 'number' || feature.geometry.type !== 'Point') return;
  const [lon, lat] = feature.geometry.coordinates;
  void map
    .getSource<maplibregl.GeoJSONSource>('poles')
    ?.getClusterExpansionZoom(clusterId)
    .then((zoom) => map.easeTo({ center: [lon ?? 0, lat ?? 0], zoom }));
}

function onPoleClick(map: maplibregl.Map, event: maplibregl.MapLayerMouseEvent) {
  const feature = event.features?.[0];
  if (feature?.geometry.type !== 'Point') return;
  const [lon, lat] = feature.geometry.coordinates;
  new maplibregl.Popup({ closeButton: true, maxWidth: '320px' })
    .setLngLat([lon ?? 0, lat ?? 0])
    .setDOMContent(popupContent(feature.properties ?? {}))
    .addTo(map);
}

/**
 * The poles source (clustered) and spans source with their layers, and what a click on them does. Without
 * `popups`, a click on a pole is left to the caller (a map where poles are picked).
 */
export function addFeatureLayers(map: maplibregl.Map, { popups = true }: { popups?: boolean } = {}) {
  map.addSource('spans', { type: 'geojson', data: EMPTY });
  map.addSource('poles', {
    type: 'geojson',
    data: EMPTY,
    cluster: true,
    clusterRadius: 40,
    clusterMaxZoom: 14,
  });
  map.addLayer(FEATURE_LAYERS.spans);
  map.addLayer(FEATURE_LAYERS.clusters);
  map.addLayer(FEATURE_LAYERS.poles);
  map.on('click', FEATURE_LAYERS.clusters.id, (event) => onClusterClick(map, event));
  if (popups) map.on('click', FEATURE_LAYERS.poles.id, (event) => onPoleClick(map, event));
  for (const id of [FEATURE_LAYERS.clusters.id, FEATURE_LAYERS.poles.id]) {
    map.on('mouseenter', id, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', id, () => {
      map.getCanvas().style.cursor = '';
    });
  }
}
