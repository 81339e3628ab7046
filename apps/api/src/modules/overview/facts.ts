import type { FilterOperator } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Sql } from './column-sql.ts';

// The permit's facts (`permit_facts`, one row a permit, as `f`, kept by the database on every write of a
// permit, its stages, tasks and values): tokens that a GIN index answers, and the values sorts and sums read.
// A filter row answered from the facts names the tokens a kept permit holds one of (a clause), and what else
// a kept permit's facts meet when holding one is not the whole test. The texts here are those the database
// hashes into the tokens (see the migration that made `permit_facts`): both sides hash with
// `permit_fact_token`, a 64-bit hash, so two facts share a token once in billions of billions.

/** A filter row answered from the facts (see `FactFilter`). */
export interface FactTest {
  /** The texts of the tokens: a kept permit's facts hold at least one. */
  clause: string[];
  /** A condition on `f` a kept permit meets too; none when holding a token of the clause is the test. */
  exact: Sql | null;
}

/** How a column's filter row is answered from the facts; null for an operator or value they cannot answer. */
export type FactFilter = (operator: FilterOperator, value: unknown) => FactTest | null;

/** The texts' tokens, as one `bigint[]` (an immutable function of a parameter, folded when planned). */
export const factTokens = (texts: string[]) => sql`permit_fact_tokens(${texts}::text[])`;

/** Whether the facts `f` hold a token of the texts. */
export const holdsAny = (texts: string[]) => sql`f.tokens && ${factTokens(texts)}`;

/** Ids are hashed as the database writes them: lower case. */
const id = (value: string) => value.toLowerCase();

export const FACT_TEXT = {
  project: (projectId: string) => `p:${id(projectId)}`,
  status: (status: string) => `s:${status}`,
  activeStage: (entryId: string) => `as:${id(entryId)}`,
  taskStatus: (entryId: string, status: string) => `t:${id(entryId)}:${status}`,
  shortValue: (entryId: string, text: string) => `v:${id(entryId)}:${text}`,
  numberRange: (level: 0 | 1 | 2, entryId: string, cell: bigint) => `n${level}:${id(entryId)}:${cell}`,
};

/** A row `Equals` one string, answered by one token (`text` of the value). */
export const equalsFact =
  (text: (value: string) => string): FactFilter =>
  (operator, value) =>
    operator === 'Equals' && typeof value === 'string' ? { clause: [text(value)], exact: null } : null;

/** A value of the facts' arrays by property (`value_numbers` ...): the one of the property's entry. */
export const factValue = (
  array: 'value_numbers' | 'value_texts' | 'value_least' | 'value_greatest',
  entryId: string,
) => sql`${sql.ref(`f.${array}`)}[array_position(f.value_entries, permit_fact_token(${id(entryId)}::text))]`;

/**
 * A number as a bigint in the same order, as `permit_fact_number_key` computes it: its IEEE bits, those of
 * negative numbers turned around, -0 as 0.
 */
export function numberKey(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x + 0);
  const bits = view.getBigInt64(0);
  return bits < 0n ? bits ^ 0x7fffffffffffffffn : bits;
}

/** The shifts of a number's key naming ranges of numbers, coarse to fine: 256, 4,096 and 32,768 ranges. */
const LEVELS = [
  { level: 0, shift: 56n },
  { level: 1, shift: 52n },
  { level: 2, shift: 49n },
] as const;

/**
 * The ranges (as token texts) holding every number above `x` (`side` 1) or below it (-1), coarsest first, and
 * the finest range holding `x` itself: numbers there may lie on either side. At most 277 texts and the boundary.
 */
export function numberRanges(entryId: string, x: number, side: 1 | -1) {
  const key = numberKey(x);
  const texts: string[] = [];
  LEVELS.forEach(({ level, shift }, index) => {
    const cell = key >> shift;
    // Within the range of the coarser level holding x (all of them at level 0: a key's top byte).
    const parentShift = index === 0 ? null : LEVELS[index - 1]!.shift;
    const first = parentShift === null ? -128n : (key >> parentShift) << (parentShift - shift);
    const last = parentShift === null ? 127n : first + (1n << (parentShift - shift)) - 1n;
    const from = side === 1 ? cell + 1n : first;
    const to = side === 1 ? last : cell - 1n;
    for (let c = from; c <= to; c++) texts.push(FACT_TEXT.numberRange(level, entryId, c));
  });
  return { texts, boundary: numberBoundary(entryId, x) };
}

/** The finest range holding `x` (as a token text). */
const numberBoundary = (entryId: string, x: number) =>
  FACT_TEXT.numberRange(2, entryId, numberKey(x) >> LEVELS[2].shift);

/**
 * A number property's comparisons from the facts: the permit's least and greatest number of the property
 * answer them (Equals, when the number lies strictly between, asks the permit's values), and the ranges above
 * or below narrow which facts are read.
 */
export function numberFacts(entryId: string): FactFilter {
  return (operator, value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    const least = factValue('value_least', entryId);
    const greatest = factValue('value_greatest', entryId);
    const number = sql`${value}::float8`;
    switch (operator) {
      case 'GreaterThan':
      case 'GreaterThanOrEquals': {
        const { texts, boundary } = numberRanges(entryId, value, 1);
        const compare = operator === 'GreaterThan' ? sql`>` : sql`>=`;
        return { clause: [...texts, boundary], exact: sql`${greatest} ${compare} ${number}` };
      }
      case 'LessThan':
      case 'LessThanOrEquals': {
        const { texts, boundary } = numberRanges(entryId, value, -1);
        const compare = operator === 'LessThan' ? sql`<` : sql`<=`;
        return { clause: [...texts, boundary], exact: sql`${least} ${compare} ${number}` };
      }
      case 'Equals':
        return {
          clause: [numberBoundary(entryId, value)],
          exact: sql`(${least} = ${number} OR ${greatest} = ${number} OR (${least} < ${number}
            AND ${greatest} > ${number} AND EXISTS (SELECT 1 FROM permit_property_values v
              WHERE v.permit_id = f.permit_id AND v.property_entry_id = ${entryId}
                AND jsonb_typeof(v.value) = 'number' AND (v.value #>> '{}')::float8 = ${number})))`,
        };
      default:
        return null;
    }
  };
}
