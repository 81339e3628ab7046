import type { GeodataWriteResult } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  agolBody,
  agolValues,
  EMPTY_AGOL,
  geometryLabel,
  validateAgol,
  validationQuery,
  writeResultCounts,
  writeResultSentence,
} from './map-data/agol-form';
import { popupRows } from './map-data/map-popup';
import { basemapPaint, baseStyle, bboxContains, fitBox, OSM_TILES, requestBbox } from './map-data/map-style';

const URL = 'https://services.example.com/arcgis/rest/services/Poles/FeatureServer';

describe('the ArcGIS layer form', () => {
  it('starts blank, or from the saved settings as typed', () => {
    expect(agolValues(null)).toEqual(EMPTY_AGOL);
    expect(
      agolValues({
        url: URL,
        serviceUrl: URL,
        layerName: 'Poles',
        layerId: 0,
        spansLayerName: null,
        spansLayerId: null,
        polesSyncedAt: null,
        spansSyncedAt: null,
        updatedAt: '2026-03-02T10:00:00.000Z',
      }),
    ).toEqual({ url: URL, layerName: 'Poles', layerId: '0', spansLayerName: '', spansLayerId: '' });
  });

  it('checks the fields by the API rules, a blank layer id as missing rather than layer 0', () => {
    expect(validateAgol(EMPTY_AGOL)).toEqual({ url: 'Required', layerName: 'Required', layerId: 'Required' });
    expect(validateAgol({ ...EMPTY_AGOL, url: 'ftp://x', layerName: 'Poles', layerId: 'two' })).toEqual({
      url: 'An http or https address',
      layerId: 'A layer number',
    });
    expect(
      validateAgol({ url: URL, layerName: 'Poles', layerId: '0', spansLayerName: 'Spans', spansLayerId: '' }),
    ).toEqual({ spansLayerId: 'Give both the spans layer name and number' });
  });

  it('sends numbers, and no spans layer when both of its fields are blank', () => {
    expect(
      agolBody({ url: URL, layerName: 'Poles', layerId: '3', spansLayerName: '', spansLayerId: '' }),
    ).toEqual({
      url: URL,
      layerName: 'Poles',
      layerId: 3,
      spansLayerName: null,
      spansLayerId: null,
    });
    expect(agolBody(EMPTY_AGOL)).toBeNull();
  });

  it('validates the poles layer from the three fields it needs', () => {
    expect(validationQuery({ ...EMPTY_AGOL, url: URL, layerName: 'Poles', layerId: '1' })).toEqual({
      query: { url: URL, layerName: 'Poles', layerId: 1 },
    });
    expect(validationQuery({ ...EMPTY_AGOL, url: URL })).toEqual({
      errors: { layerName: 'Required', layerId: 'Required' },
    });
  });

  it('names geometry types as people say them', () => {
    expect(geometryLabel('esriGeometryPoint')).toBe('Points');
    expect(geometryLabel('esriGeometryPolyline')).toBe('Lines');
    expect(geometryLabel('esriGeometrySomethingNew')).toBe('esriGeometrySomethingNew');
    expect(geometryLabel(null)).toBe('Unknown');
  });
});

describe('sync and import results', () => {
  const result: GeodataWriteResult = {
    kind: 'poles',
    source: 'CSV',
    added: 3,
    updated: 1,
    removed: 0,
    unchanged: 2,
    skipped: 0,
    idField: 'PoleID',
    total: 6,
  };

  it('lists the counts, skipped only when some were', () => {
    expect(writeResultCounts(result).map((count) => count.label)).toEqual([
      'Added',
      'Updated',
      'Removed',
      'Unchanged',
    ]);
    expect(writeResultCounts({ ...result, skipped: 2 }).at(-1)).toEqual({ label: 'Skipped', value: 2 });
  });

  it('says what changed in one sentence', () => {
    expect(writeResultSentence(result)).toBe('3 poles added, 1 updated, 0 removed, 2 unchanged.');
    expect(writeResultSentence({ ...result, kind: 'spans', added: 1, skipped: 4 })).toBe(
      '1 span added, 1 updated, 0 removed, 2 unchanged, 4 skipped.',
    );
  });
});

describe('the map', () => {
  it('draws OpenStreetMap over a plain background that shows when tiles cannot load', () => {
    const style = baseStyle(false);
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'osm']);
    expect(style.sources.osm).toMatchObject({ type: 'raster', tiles: [OSM_TILES] });
    expect(basemapPaint(true).background).not.toBe(basemapPaint(false).background);
  });

  it('asks for a padded, rounded box around the view, within the world', () => {
    expect(requestBbox([-73.3, 44.4, -73.1, 44.6])).toEqual([-73.35, 44.35, -73.05, 44.65]);
    expect(requestBbox([-179, -89, 179, 89])).toEqual([-180, -90, 180, 90]);
    expect(bboxContains([-74, 44, -73, 45], [-73.5, 44.2, -73.2, 44.8])).toBe(true);
    expect(bboxContains([-74, 44, -73, 45], [-73.5, 43.9, -73.2, 44.8])).toBe(false);
  });

  it('grows a single pole’s box so the map does not zoom in all the way', () => {
    expect(fitBox([-73, 44, -73, 44])).toEqual([
      [-73.002, 43.998],
      [-72.998, 44.002],
    ]);
    expect(fitBox([-74, 44, -73, 45])).toEqual([
      [-74, 44],
      [-73, 45],
    ]);
  });

  it('lists a pole’s id, then its attributes by name, leaving empty ones out', () => {
    expect(popupRows({ externalId: 'NEC-1', Height: 40, Owner: '', Class: { a: 1 } })).toEqual([
      ['Id', 'NEC-1'],
      ['Class', '{"a":1}'],
      ['Height', '40'],
    ]);
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, '0')}`, i]),
    );
    const rows = popupRows(many);
    expect(rows).toHaveLength(11);
    expect(rows.at(-1)).toEqual(['…', '2 more']);
  });
});
