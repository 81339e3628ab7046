// shpjs ships no types; these are the two parsers this module calls.
declare module 'shpjs' {
  /** Reads a .shp into GeoJSON geometries (null for null shapes), reprojecting from the .prj's system to WGS84. */
  export function parseShp(shp: DataView, prj?: string): (import('geojson').Geometry | null)[];
  /** Reads a .dbf into one attribute record per shape, decoding text in the .cpg's code page. */
  export function parseDbf(dbf: DataView, cpg?: string): Record<string, unknown>[];
}
