import { CompiledQuery, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Sql } from './column-sql.ts';
import { CANDIDATE_LIMITS } from './kept-sql.ts';
import { KEY_SET_LIMITS, SORT_WALK_LIMITS } from './sort-sql.ts';

// A page of the overview asked again (the next refresh, a live update, another person of the organization
// on the same view) builds the same statement: tens of columns, each a few SQL pieces, compiled into a text
// of several thousand characters. The compiled statements are kept by what they were built from, and a
// request of the same shape only binds its values.

/** Compiled statements kept at once; the least recently used is dropped first. */
const MAX_KEPT = 256;
const kept = new Map<string, CompiledQuery>();
const contextIds = new WeakMap<object, number>();
let lastContextId = 0;

/** A number standing for the object (a caller's overview context) while it lives. */
function idOf(context: object) {
  let id = contextIds.get(context);
  if (id === undefined) {
    id = ++lastContextId;
    contextIds.set(context, id);
  }
  return id;
}

/**
 * The statement `build` makes for `shape` (everything it is built from: plain data, and objects such as a
 * caller's context, which stand for themselves), compiled on `db`, with `lead`'s values in front: the
 * statement's leading condition, whose text is part of the shape and whose values change from call to call
 * (the versions a kept context and session were read at). `build` must put `lead` first in the text.
 */
export function builtStatement<R>(
  db: Executor,
  shape: { context: object; lead: Sql; of: unknown },
  build: (lead: Sql) => RawBuilder<R>,
): CompiledQuery<R> {
  const lead = shape.lead.compile(db);
  // The limits that tune how statements are written are part of what they were built from.
  const key = JSON.stringify([
    idOf(shape.context),
    lead.sql,
    shape.of,
    CANDIDATE_LIMITS,
    KEY_SET_LIMITS,
    SORT_WALK_LIMITS,
  ]);
  let compiled = kept.get(key);
  if (compiled) {
    kept.delete(key);
  } else {
    compiled = build(shape.lead).compile(db);
    if (!compiled.sql.includes(lead.sql)) throw new Error('The leading condition is not in the statement.');
  }
  kept.set(key, compiled);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  const values = [...lead.parameters, ...compiled.parameters.slice(lead.parameters.length)];
  return CompiledQuery.raw(compiled.sql, values) as CompiledQuery<R>;
}
