import { describe, expect, it } from 'vitest';
import { AgolInput, FeaturesInViewQuery } from './geodata.ts';

describe('AgolInput', () => {
  const base = {
    layerName: ' Poles ',
    layerId: '0',
    url: 'https://services.arcgis.com/x/arcgis/rest/services/P/FeatureServer',
  };

  it('trims the name, reads the number, and takes an empty spans layer as none', () => {
    expect(AgolInput.parse({ ...base, spansLayerName: '', spansLayerId: '' })).toEqual({
      ...base,
      layerName: 'Poles',
      layerId: 0,
      spansLayerName: null,
      spansLayerId: null,
    });
  });

  it('wants both halves of the spans layer, and an http(s) address', () => {
    const half = AgolInput.safeParse({ ...base, spansLayerId: 1 });
    expect(half.error?.issues[0]?.path).toEqual(['spansLayerName']);
    const ftp = AgolInput.safeParse({ ...base, url: 'ftp://gis.example.com/FeatureServer' });
    expect(ftp.error?.issues[0]?.path).toEqual(['url']);
  });
});

describe('FeaturesInViewQuery', () => {
  it('reads a bounding box in degrees, min before max', () => {
    expect(FeaturesInViewQuery.parse({ bbox: '-93.2, 44.4,-93.1,44.5' })).toEqual({
      bbox: [-93.2, 44.4, -93.1, 44.5],
      limit: 5_000,
    });
    for (const bbox of ['1,2,3', '-93,44,-94,45', '0,95,1,96', 'a,b,c,d']) {
      expect(FeaturesInViewQuery.safeParse({ bbox }).success, bbox).toBe(false);
    }
  });
});
