import {
  type Application,
  expressionReferences,
  type FieldError,
  findCycle,
  listNames,
  type PropertyEntryInput,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import {
  findEntryByName,
  findPropertiesByName,
  type LibraryEntryRow,
  listExpressionProperties,
  listPropertiesUsingUnit,
} from './repo.ts';

// Entries refer to each other by name: a Number property to its unit, an Expression property to the
// properties in its formula. These checks keep those references whole: what is referred to must exist,
// formulas must not go round in circles, and what is referred to cannot be renamed or deleted from under
// the entries that use it.

const lower = (name: string) => name.toLowerCase();

/** A formula's references, lower-cased, from stored render options. */
function storedReferences(renderOptions: Record<string, unknown> | null): string[] {
  const formula = renderOptions?.formula;
  return typeof formula === 'string' ? expressionReferences(formula).map(lower) : [];
}

async function checkUnit(
  db: Executor,
  application: Application,
  unit: string | undefined,
  existing: LibraryEntryRow | null,
): Promise<FieldError | null> {
  if (unit === undefined) return null;
  const row = await findEntryByName(db, { application, kind: 'unit' }, unit);
  const unchanged =
    typeof existing?.render_options?.unit === 'string' && lower(existing.render_options.unit) === lower(unit);
  if (row && (row.status === 'Active' || unchanged)) return null;
  return {
    field: 'body.renderOptions.unit',
    message: row ? `The unit '${row.name}' is archived` : `There is no unit named '${unit}'`,
  };
}

async function checkFormula(
  db: Executor,
  application: Application,
  input: PropertyEntryInput,
  existing: LibraryEntryRow | null,
): Promise<FieldError | null> {
  if (input.fieldType !== 'Expression') return null;
  const field = 'body.renderOptions.formula';
  const references = expressionReferences(input.renderOptions.formula);
  const self = lower(input.name);
  if (references.some((name) => lower(name) === self)) {
    return { field, message: 'A formula cannot refer to its own property' };
  }
  const found = new Set(
    (await findPropertiesByName(db, application, references)).map((row) => lower(row.name)),
  );
  const missing = references.filter((name) => !found.has(lower(name)));
  if (missing.length > 0) {
    return {
      field,
      message: `Unknown ${missing.length === 1 ? 'property' : 'properties'}: ${missing.map((n) => `{${n}}`).join(', ')}`,
    };
  }
  const graph = new Map<string, string[]>();
  for (const row of await listExpressionProperties(db, application)) {
    if (row.id !== existing?.id) graph.set(lower(row.name), storedReferences(row.render_options));
  }
  graph.set(self, references.map(lower));
  // Stored formulas form no cycle, so a new cycle must pass through the property being saved: a search
  // from it suffices.
  const cycle = findCycle(self, graph);
  return cycle
    ? { field, message: `The formula would refer back to itself: ${cycle.map((n) => `{${n}}`).join(' → ')}` }
    : null;
}

/** Refuses (400, naming the field) a property whose unit or formula refers to what is not there. */
export async function checkPropertyReferences(
  db: Executor,
  application: Application,
  input: PropertyEntryInput,
  existing: LibraryEntryRow | null,
): Promise<void> {
  const errors = [
    input.fieldType === 'Number'
      ? await checkUnit(db, application, input.renderOptions.unit, existing)
      : null,
    await checkFormula(db, application, input, existing),
  ].filter((error): error is FieldError => error !== null);
  if (errors.length > 0) throw badRequest(errors.map((e) => e.message).join('; '), errors);
}

/** The names of the entries that refer to this one by name. */
async function dependentsOf(db: Executor, entry: LibraryEntryRow): Promise<string[]> {
  if (entry.kind === 'unit') {
    return (await listPropertiesUsingUnit(db, entry.application, entry.name)).map((row) => row.name);
  }
  if (entry.kind !== 'property') return [];
  const name = lower(entry.name);
  return (await listExpressionProperties(db, entry.application))
    .filter((row) => row.id !== entry.id && storedReferences(row.render_options).includes(name))
    .map((row) => row.name)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * Refuses (409) to rename or delete an entry other entries refer to by name. A change of case only is
 * allowed: names are matched ignoring case.
 */
export async function checkNotReferenced(
  db: Executor,
  entry: LibraryEntryRow,
  change: { rename: string } | { delete: true },
): Promise<void> {
  if ('rename' in change && lower(change.rename) === lower(entry.name)) return;
  const dependents = await dependentsOf(db, entry);
  if (dependents.length === 0) return;
  const verb = 'rename' in change ? 'renamed' : 'deleted';
  const one = dependents.length === 1;
  throw conflict(
    `The ${entry.kind} '${entry.name}' cannot be ${verb} while ${listNames(dependents)} ${one ? 'uses' : 'use'} it. ` +
      `Change ${one ? 'that property' : 'those properties'} first.`,
  );
}
