import type { BoundingBox } from '@crossarm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { fetchPolesInView, fetchSpansInView, mapDataKeys } from './map-data-api';
import { type MapView, showFeatures } from './map-setup';
import { bboxContains, requestBbox, SPANS_MIN_ZOOM } from './map-style';

/** The box last asked for, kept while the view stays inside it. */
function useRequestBox(view: MapView | null): BoundingBox | null {
  const [box, setBox] = useState<BoundingBox | null>(null);
  useEffect(() => {
    if (view && !(box && bboxContains(box, view.bbox))) setBox(requestBbox(view.bbox));
  }, [view, box]);
  return box;
}

/**
 * The project's poles (and, zoomed in, spans) around the map's view: asked for again when the view leaves the
 * box last fetched, and drawn on the map as they arrive.
 */
export function useFeaturesInView(projectId: string, map: maplibregl.Map | null, view: MapView | null) {
  const box = useRequestBox(view);
  const key = box?.join(',') ?? '';
  const withSpans = (view?.zoom ?? 0) >= SPANS_MIN_ZOOM;
  const poles = useQuery({
    queryKey: mapDataKeys.inView(projectId, 'poles', key),
    queryFn: ({ signal }) => fetchPolesInView(projectId, box!, signal),
    enabled: box !== null,
    placeholderData: keepPreviousData,
  });
  const spans = useQuery({
    queryKey: mapDataKeys.inView(projectId, 'spans', key),
    queryFn: ({ signal }) => fetchSpansInView(projectId, box!, signal),
    enabled: box !== null && withSpans,
    placeholderData: keepPreviousData,
  });
  const spanData = withSpans ? (spans.data ?? null) : null;

  useEffect(() => {
    if (map && poles.data) showFeatures(map, 'poles', poles.data);
  }, [map, poles.data]);
  useEffect(() => {
    if (map) showFeatures(map, 'spans', spanData);
  }, [map, spanData]);

  const count = poles.data?.features.length ?? 0;
  let summary = poles.isError ? 'The poles in view could not be loaded.' : '';
  if (poles.data) {
    summary = `${count.toLocaleString('en-US')} ${count === 1 ? 'pole' : 'poles'} around this view`;
    if (poles.data.truncated) summary += ' (more than shown: zoom in)';
    if (!withSpans) summary += ' · zoom in for spans';
  }
  return { summary, loading: poles.isFetching };
}
