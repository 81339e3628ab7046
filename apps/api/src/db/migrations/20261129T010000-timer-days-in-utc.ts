import type { Kysely } from 'kysely';
import { MARKS_BY_CALL, timerCountedDaysSql } from './20261127T050000-timer-entries.ts';

/**
 * `timer_counted_days` with the two day marks of a clock in UTC worked out in its own body, by the very
 * arithmetic of `timer_day_mark` (the same numbers, to the last bit), instead of by two calls of it: a
 * PL/pgSQL call costs about a microsecond, and the overview counts the days of every clock a filter or a
 * sort on a task's clock reads (25,000 to 285,000 of them at a million permits). About 3.2 µs a clock before,
 * 2.1 µs after (what is left is mostly the numeric arithmetic of the marks, kept for the same bits). Clocks in
 * other zones, and holds, still take their marks from `timer_day_mark`.
 *
 * In UTC a mark is the days since 2001-01-01 (a Monday) as a fraction; for business days, whole weeks count
 * five days, the days of a week up to five, and a weekday's fraction: `timer_day_mark`'s own steps.
 */
const weekday = (n: string) => `(((${n} % 7) + 7) % 7)`;
const businessMark = (n: string, part: string) =>
  `((${n} - ${weekday(n)}) / 7 * 5 + least(${weekday(n)}, 5) + CASE WHEN ${weekday(n)} < 5 THEN ${part} - ${n} ELSE 0 END)`;
const UTC_MARKS = `IF zone = 'UTC' THEN
        part_to := extract(epoch FROM until) / 86400 - 11323;
        n_to := floor(part_to);
        part_from := extract(epoch FROM started_at) / 86400 - 11323;
        n_from := floor(part_from);
        IF day_kind = 'Calendar' THEN
          counted := (n_to + (part_to - n_to)) - (n_from + (part_from - n_from));
        ELSE
          counted := ${businessMark('n_to', 'part_to')}
            - ${businessMark('n_from', 'part_from')};
        END IF;
      ELSE
        ${MARKS_BY_CALL}
      END IF;`;

const UTC_VARIABLES = `
      part_to float8;
      part_from float8;
      n_to integer;
      n_from integer;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await timerCountedDaysSql(UTC_MARKS, UTC_VARIABLES).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await timerCountedDaysSql(MARKS_BY_CALL).execute(db);
}
