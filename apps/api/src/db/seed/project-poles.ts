import { readFile } from 'node:fs/promises';
import type { GeodataWriteResult } from '@crossarm/shared';
import { readFileBatch } from '../../modules/geodata/features.ts';
import { readGeoJson } from '../../modules/geodata/imports/geojson.ts';
import { writeGeodata } from '../../modules/geodata/write.ts';
import type { Db } from '../database.ts';
import { TOWN_POLES_FILE } from './generate-town-poles.ts';

/**
 * Loads a GeoJSON file of poles (points) and spans (lines) into a project, as an import of that file would:
 * matched by their id columns, so running it again changes nothing. Defaults to the demo town's poles.
 */
export async function seedProjectPoles(
  db: Db,
  projectId: string,
  file = TOWN_POLES_FILE,
): Promise<{ poles: GeodataWriteResult; spans: GeodataWriteResult }> {
  const features = readGeoJson(await readFile(file, 'utf8'));
  const poles = readFileBatch('poles', features);
  const spans = readFileBatch('spans', features);
  return db.transaction().execute(async (trx) => {
    const write = (read: typeof poles) =>
      writeGeodata(trx, projectId, read.batch, {
        source: 'GeoJSON',
        replace: false,
        idField: read.idField,
        skipped: read.skipped,
      });
    return { poles: await write(poles), spans: await write(spans) };
  });
}
