import { z } from 'zod';

/** Where a pole or span came from: the project's ArcGIS layer or an uploaded file of one of these formats. */
export const GeodataSource = z.enum(['ArcGIS', 'GeoJSON', 'KML', 'Shapefile', 'CSV']);
export type GeodataSource = z.infer<typeof GeodataSource>;

/** The two kinds of map data a project holds. */
export const GeodataKind = z.enum(['poles', 'spans']);
export type GeodataKind = z.infer<typeof GeodataKind>;

const layerName = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');
const layerId = z.coerce
  .number({ error: 'A layer number' })
  .int('A whole number')
  .min(0, 'Zero or more')
  .max(100_000, 'At most 100000');
const serviceUrl = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(2000, 'At most 2000 characters')
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), 'An http or https address');

/** Left out, null or an empty form field: no value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((value) => (value === '' ? null : value), schema.nullish())
    .transform((value) => value ?? null);

/** `GET projects/validate-layer`: the layer to check, by its service (or item) address, number and name. */
export const ValidateLayerQuery = z.object({
  /** The layer's name as ArcGIS shows it; compared without regard to case. */
  layerName,
  /** The layer's number within its FeatureServer service. */
  layerId,
  /** A FeatureServer service address, a layer address, or an ArcGIS item page (`home/item.html?id=...`). */
  url: serviceUrl,
});
export type ValidateLayerQuery = z.input<typeof ValidateLayerQuery>;

/** `PUT projects/{id}/agol`: the layer of the owner's poles and, optionally, the layer of spans in the same service. */
export const AgolInput = z
  .object({
    layerName,
    layerId,
    url: serviceUrl,
    /** The spans (lines between poles) layer's name, in the same service as the poles layer. */
    spansLayerName: optional(layerName),
    /** The spans layer's number, in the same service as the poles layer. */
    spansLayerId: optional(layerId),
  })
  .superRefine((value, context) => {
    if ((value.spansLayerName === null) !== (value.spansLayerId === null)) {
      const path = value.spansLayerName === null ? 'spansLayerName' : 'spansLayerId';
      context.addIssue({
        code: 'custom',
        path: [path],
        message: 'Give both the spans layer name and number',
      });
    }
  });
export type AgolInput = z.input<typeof AgolInput>;

/** One attribute field of an ArcGIS layer. */
export const LayerField = z.object({ name: z.string(), type: z.string(), alias: z.string().nullable() });
export type LayerField = z.infer<typeof LayerField>;

/** What checking a layer found. A layer that cannot be reached or does not match is `valid: false`. */
export const LayerValidation = z.object({
  valid: z.boolean(),
  /** Why the layer is not usable, or a short confirmation. */
  message: z.string(),
  /** The service address the layer was found under (an item page resolves to it). */
  serviceUrl: z.string().nullable(),
  /** The layer's name as ArcGIS holds it. */
  layerName: z.string().nullable(),
  /** esriGeometryPoint for poles, esriGeometryPolyline for spans. */
  geometryType: z.string().nullable(),
  fields: z.array(LayerField),
  featureCount: z.number().int().nullable(),
});
export type LayerValidation = z.infer<typeof LayerValidation>;

/** A project's ArcGIS layer settings; null until the pole owner sets them. */
export const AgolSettings = z.object({
  url: z.string(),
  serviceUrl: z.string(),
  layerName: z.string(),
  layerId: z.number().int(),
  spansLayerName: z.string().nullable(),
  spansLayerId: z.number().int().nullable(),
  polesSyncedAt: z.string().nullable(),
  spansSyncedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AgolSettings = z.infer<typeof AgolSettings>;

/** What a sync or an import changed: rows are matched by the source's feature id. */
export const GeodataWriteResult = z.object({
  kind: GeodataKind,
  source: GeodataSource,
  added: z.number().int(),
  updated: z.number().int(),
  /** Rows whose feature is no longer in the source (a sync, or an import with `replace`). */
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** Features left out because their geometry does not fit the kind (a line in a poles file) or is empty. */
  skipped: z.number().int(),
  /** The attribute that identifies a feature, e.g. PoleID or GlobalID. */
  idField: z.string(),
  /** Rows of this kind the project holds afterwards. */
  total: z.number().int(),
});
export type GeodataWriteResult = z.infer<typeof GeodataWriteResult>;

/** `[minLon, minLat, maxLon, maxLat]` in WGS84 degrees. */
export const BoundingBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type BoundingBox = z.infer<typeof BoundingBox>;

/** What a map of the project needs before it asks for the features in view. */
export const MapMetadata = z.object({
  /** Covers the project's poles and spans; null while it has none. */
  bbox: BoundingBox.nullable(),
  poleCount: z.number().int(),
  spanCount: z.number().int(),
  layer: z
    .object({
      url: z.string(),
      layerName: z.string(),
      layerId: z.number().int(),
      spansLayerName: z.string().nullable(),
      spansLayerId: z.number().int().nullable(),
    })
    .nullable(),
  polesSyncedAt: z.string().nullable(),
  spansSyncedAt: z.string().nullable(),
  /** When poles or spans last changed by a sync or an import. */
  dataUpdatedAt: z.string().nullable(),
  /** Attribute names seen on the project's poles and spans, sorted. */
  poleFields: z.array(z.string()),
  spanFields: z.array(z.string()),
});
export type MapMetadata = z.infer<typeof MapMetadata>;

/** Most features one map request returns; the response says when more are in view. */
export const MAX_FEATURES_IN_VIEW = 20_000;

const bbox = z.string().transform((text, context) => {
  const parts = text.split(',').map((part) => Number(part.trim()));
  const [minLon, minLat, maxLon, maxLat] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    minLon! >= -180 &&
    maxLon! <= 180 &&
    minLat! >= -90 &&
    maxLat! <= 90 &&
    minLon! <= maxLon! &&
    minLat! <= maxLat!;
  if (!valid) {
    context.addIssue({ code: 'custom', message: 'minLon,minLat,maxLon,maxLat in degrees, min before max' });
    return z.NEVER;
  }
  return [minLon!, minLat!, maxLon!, maxLat!] satisfies BoundingBox;
});

/** `GET projects/{id}/poles` and `/spans`: the features inside a bounding box. */
export const FeaturesInViewQuery = z.object({
  /** minLon,minLat,maxLon,maxLat in WGS84 degrees; the whole project when left out. */
  bbox: bbox.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FEATURES_IN_VIEW).default(5_000),
});
export type FeaturesInViewQuery = z.input<typeof FeaturesInViewQuery>;

const properties = z.record(z.string(), z.unknown());

/** Poles in view as GeoJSON; `properties.externalId` is the source's id, the rest its attributes. */
export const PoleFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties,
    }),
  ),
  /** True when more features are in view than were returned. */
  truncated: z.boolean(),
});
export type PoleFeatureCollection = z.infer<typeof PoleFeatureCollection>;

/** Spans in view as GeoJSON lines. */
export const SpanFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({
        type: z.literal('LineString'),
        coordinates: z.array(z.tuple([z.number(), z.number()])),
      }),
      properties,
    }),
  ),
  truncated: z.boolean(),
});
export type SpanFeatureCollection = z.infer<typeof SpanFeatureCollection>;
