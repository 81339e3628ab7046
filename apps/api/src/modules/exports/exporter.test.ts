import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecord } from './exporter.ts';

describe('CSV records', () => {
  it('quote only the fields that need it, doubling their quotes', () => {
    expect(csvRecord(['Pole 12', 'Main St, north', 'the "big" one', null, 3.5])).toBe(
      'Pole 12,"Main St, north","the ""big"" one",,3.5\n',
    );
    expect(csvRecord(['two\nlines', 'cr\rhere', ''])).toBe('"two\nlines","cr\rhere",\n');
    expect(csvRecord([new Date('2026-03-01T15:30:00Z')])).toBe('2026-03-01T15:30:00.000Z\n');
  });

  it('read back as the same cells with a CSV parser, whatever the text', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom(',', '"', '\n', '\r\n', ' ', '""', 'a,"b"\nc'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? null));
          const text = table.map((row) => csvRecord(row)).join('');
          const read = parse(text, { relax_column_count: false }) as string[][];
          expect(read).toEqual(table.map((row) => row.map((value) => (value === null ? '' : String(value)))));
        },
      ),
      { numRuns: 300 },
    );
  });
});
