import { listNames } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import { templatesUsingEntry } from './repo.ts';

/**
 * Refuses (409) to delete a library entry a workflow template names: published versions never change,
 * so the entry must stay. Archiving takes it out of designers' choices instead.
 */
export async function checkEntryNotInTemplates(
  db: Executor,
  entry: { id: string; kind: string; name: string },
) {
  const templates = await templatesUsingEntry(db, entry.id);
  if (templates.length === 0) return;
  const names = templates.map((row) => `${row.project_name}: ${row.name}`);
  throw conflict(
    `The ${entry.kind} '${entry.name}' cannot be deleted while workflow templates use it (${listNames(names)}). Archive it instead.`,
  );
}
