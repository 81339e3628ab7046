import { Readable } from 'node:stream';
import type { PermitFilesExport } from '@crossarm/shared';
import { Zip, ZipPassThrough } from 'fflate';
import type { ServiceContext } from '../../http/context.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { selectPermitFiles } from './files.ts';
import { requirePermit } from './permit-access.ts';

interface ZipSource {
  name: string;
  storageKey: string;
}

/** Names inside the zip are unique: a second "plan.pdf" becomes "plan (2).pdf". */
export function uniqueEntryNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[\\/]/g, '_') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The zip's bytes as they are made: each file is read from storage and stored as it is (most are compressed
 * already), so neither the files nor the zip are ever whole in memory, and a slow reader slows the reading.
 */
async function* zipChunks(storage: FileStorage, sources: ZipSource[]): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const names = uniqueEntryNames(sources.map((source) => source.name));
  for (const [index, source] of sources.entries()) {
    const entry = new ZipPassThrough(names[index]!);
    zip.add(entry);
    for await (const chunk of storage.read(source.storageKey)) {
      entry.push(chunk as Buffer);
      if (failure) throw failure;
      yield* ready.splice(0);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  yield* ready.splice(0);
}

/** The permit's chosen files as a zip stream, in the order the files list shows them. */
export async function exportPermitFiles(ctx: ServiceContext, permitId: string, input: PermitFilesExport) {
  const { permit } = await requirePermit(ctx, ctx.db, permitId, { permission: 'ExportPermits' });
  const rows = await selectPermitFiles(ctx.db, permitId, input);
  const sources = rows.map((row) => ({ name: row.original_name, storageKey: row.storage_key }));
  return {
    fileName: `permit-${permit.permit_number.replace(/[^A-Za-z0-9-]/g, '_')}-files.zip`,
    stream: Readable.from(zipChunks(ctx.app.storage, sources), { objectMode: false }),
  };
}
