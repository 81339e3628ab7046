import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A project's map data settings and summary, one row per project. The ArcGIS layer columns stay empty
    -- for a project whose poles come only from uploaded files; the summary (counts, extent, attribute names)
    -- is rewritten by every sync and import, so a map opens without scanning hundreds of thousands of rows.
    CREATE TABLE project_agol (
      project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
      url text,
      service_url text,
      layer_name text,
      layer_id integer CHECK (layer_id >= 0),
      spans_layer_name text,
      spans_layer_id integer CHECK (spans_layer_id >= 0),
      poles_synced_at timestamptz,
      spans_synced_at timestamptz,
      data_updated_at timestamptz,
      pole_count integer NOT NULL DEFAULT 0,
      span_count integer NOT NULL DEFAULT 0,
      min_lon double precision,
      min_lat double precision,
      max_lon double precision,
      max_lat double precision,
      pole_fields jsonb NOT NULL DEFAULT '[]',
      span_fields jsonb NOT NULL DEFAULT '[]',
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((url IS NULL) = (layer_name IS NULL) AND (url IS NULL) = (layer_id IS NULL)
        AND (url IS NULL) = (service_url IS NULL)),
      CHECK ((spans_layer_name IS NULL) = (spans_layer_id IS NULL))
    );

    -- The pole owner's poles in a project, matched to their source by external_id (the ArcGIS GlobalID or
    -- object id, or the id column of an uploaded file). Plain degrees, no PostGIS: the map asks for boxes.
    CREATE TABLE project_poles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      external_id text NOT NULL,
      lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
      lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
      attributes jsonb NOT NULL DEFAULT '{}',
      source text NOT NULL CHECK (source IN ('ArcGIS', 'GeoJSON', 'KML', 'Shapefile', 'CSV')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX project_poles_external_key ON project_poles (project_id, external_id);
    CREATE INDEX project_poles_location_idx ON project_poles (project_id, lon, lat);

    -- The lines between poles. coordinates is the LineString's [lon, lat] array; the extent columns let a
    -- map ask for the spans crossing a box without reading the geometry.
    CREATE TABLE project_spans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      external_id text NOT NULL,
      coordinates jsonb NOT NULL CHECK (jsonb_typeof(coordinates) = 'array'),
      from_pole_id text,
      to_pole_id text,
      min_lon double precision NOT NULL,
      min_lat double precision NOT NULL,
      max_lon double precision NOT NULL,
      max_lat double precision NOT NULL,
      attributes jsonb NOT NULL DEFAULT '{}',
      source text NOT NULL CHECK (source IN ('ArcGIS', 'GeoJSON', 'KML', 'Shapefile', 'CSV')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX project_spans_external_key ON project_spans (project_id, external_id);
    CREATE INDEX project_spans_extent_idx ON project_spans (project_id, min_lon, max_lon, min_lat, max_lat);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE project_spans; DROP TABLE project_poles; DROP TABLE project_agol;`.execute(db);
}
