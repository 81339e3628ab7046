import type { BoundingBox } from '@crossarm/shared';
import { useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { addFeatureLayers, type MapView, viewOf } from './map-setup';
import { basemapPaint, baseStyle, DEFAULT_VIEW, fitBox } from './map-style';

// Bundled, the worker is not found next to the library: it is served as its own file.
maplibregl.setWorkerUrl(workerUrl);

function createMap(container: HTMLElement, bbox: BoundingBox | null, dark: boolean) {
  const map = new maplibregl.Map({
    container,
    style: baseStyle(dark),
    attributionControl: { compact: true },
    ...(bbox ? { bounds: fitBox(bbox), fitBoundsOptions: { padding: 40 } } : DEFAULT_VIEW),
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
  // Tiles that cannot load (offline, blocked) leave the plain background; that is not worth a console error.
  map.on('error', () => undefined);
  return map;
}

/**
 * A MapLibre map in `container` with the project's feature layers, following the colour scheme. `map` is set
 * once its style has loaded, without waiting for the basemap's tiles (slow, or blocked offline), so the
 * project's poles are drawn and counted whatever the tile server does; `view` follows every move; `failed`
 * when the browser cannot draw maps. `popups: false` leaves clicks on poles to the caller.
 */
export function useMaplibreMap(
  container: RefObject<HTMLDivElement | null>,
  bbox: BoundingBox | null,
  { popups = true }: { popups?: boolean } = {},
) {
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<MapView | null>(null);
  const dark = useComputedColorScheme('light') === 'dark';
  const initial = useRef({ bbox, dark, popups });
  const hadBox = useRef(bbox !== null);

  useEffect(() => {
    if (!container.current) return;
    let created: maplibregl.Map;
    try {
      created = createMap(container.current, initial.current.bbox, initial.current.dark);
    } catch {
      // No WebGL (switched off, or a very old machine): the rest of the tab still works.
      setFailed(true);
      return;
    }
    created.once('style.load', () => {
      addFeatureLayers(created, { popups: initial.current.popups });
      setMap(created);
      setView(viewOf(created));
    });
    created.on('moveend', () => setView(viewOf(created)));
    return () => created.remove();
  }, [container]);

  // The first poles of a project (an import, a sync) bring the map to them; later changes leave the view alone.
  useEffect(() => {
    if (!map || !bbox || hadBox.current) return;
    hadBox.current = true;
    map.fitBounds(fitBox(bbox), { padding: 40 });
  }, [map, bbox]);

  useEffect(() => {
    if (!map) return;
    const paint = basemapPaint(dark);
    map.setPaintProperty('background', 'background-color', paint.background);
    map.setPaintProperty('osm', 'raster-brightness-max', paint.brightnessMax);
    map.setPaintProperty('osm', 'raster-saturation', paint.saturation);
  }, [map, dark]);

  return { map, failed, view };
}
