import type { BoundingBox } from '@crossarm/shared';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

type CircleLayer = Extract<LayerSpecification, { type: 'circle' }>;
type LineLayer = Extract<LayerSpecification, { type: 'line' }>;

/** The OpenStreetMap raster tiles the map is drawn on; when they cannot load, the plain background shows. */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';

/** Where a map with no data yet looks: the contiguous United States. */
export const DEFAULT_VIEW = { center: [-96, 39] as [number, number], zoom: 3 };

/** Spans are only asked for from this zoom on: further out they are a blur of lines and many rows. */
export const SPANS_MIN_ZOOM = 13;

const POLE_COLOR = '#1c7ed6';

/** The basemap's colours in each scheme: the background shows wherever tiles have not loaded. */
export function basemapPaint(dark: boolean) {
  return {
    background: dark ? '#1f2125' : '#eef0f2',
    brightnessMax: dark ? 0.55 : 1,
    saturation: dark ? -0.4 : -0.2,
  };
}

/** The basemap: a plain background under the OpenStreetMap tiles, dimmed in the dark scheme. */
export function baseStyle(dark: boolean): StyleSpecification {
  const paint = basemapPaint(dark);
  return {
    version: 8,
    sources: {
      osm: { type: 'raster', tiles: [OSM_TILES], tileSize: 256, maxzoom: 19, attribution: OSM_ATTRIBUTION },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': paint.background } },
      {
        id: 'osm',
        type: 'raster',
        source: 'osm',
        paint: { 'raster-brightness-max': paint.brightnessMax, 'raster-saturation': paint.saturation },
      },
    ],
  };
}

/** The poles (clustered when zoomed out) and spans layers drawn over the basemap. */
export const FEATURE_LAYERS: { spans: LineLayer; clusters: CircleLayer; poles: CircleLayer } = {
  spans: {
    id: 'spans',
    type: 'line',
    source: 'spans',
    paint: { 'line-color': '#495057', 'line-width': 1.5, 'line-opacity': 0.8 },
  },
  clusters: {
    id: 'pole-clusters',
    type: 'circle',
    source: 'poles',
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': POLE_COLOR,
      'circle-opacity': 0.35,
      'circle-stroke-color': POLE_COLOR,
      'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'point_count'], 12, 25, 16, 100, 22, 1000, 30],
    },
  },
  poles: {
    id: 'poles',
    type: 'circle',
    source: 'poles',
    filter: ['!', ['has', 'point_count']],
    paint: {
      'circle-color': POLE_COLOR,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 3, 16, 6],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  },
};

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/**
 * The box to ask for: the view grown by a quarter on each side (small pans need no new request) and rounded,
 * so nearly the same view reuses the cached answer. Clamped to the world.
 */
export function requestBbox(view: BoundingBox): BoundingBox {
  const [minLon, minLat, maxLon, maxLat] = view;
  const padLon = (maxLon - minLon) / 4;
  const padLat = (maxLat - minLat) / 4;
  return [
    round(Math.max(-180, minLon - padLon)),
    round(Math.max(-90, minLat - padLat)),
    round(Math.min(180, maxLon + padLon)),
    round(Math.min(90, maxLat + padLat)),
  ];
}

/** True when the view lies inside the box already fetched. */
export function bboxContains(outer: BoundingBox, inner: BoundingBox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

/** A box that is a single point (one pole) is grown a little, so fitting the map to it does not zoom in all the way. */
export function fitBox(bbox: BoundingBox): [[number, number], [number, number]] {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const grow = maxLon - minLon < 0.002 && maxLat - minLat < 0.002 ? 0.002 : 0;
  return [
    [minLon - grow, minLat - grow],
    [maxLon + grow, maxLat + grow],
  ];
}
