import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { csvRecord, type ExportColumn, spreadsheetText, writeXlsx } from './exporter.ts';
import { CELL_TEXT_LIMIT, columnLetters, sheetNames } from './xlsx.ts';

type Cell = string | number | Date | null;

/** The bytes of a workbook written through the streaming writer, one column per cell of the rows. */
async function workbookOf(headers: string[], rows: Cell[][], sheetName = 'Permits', rowsPerSheet?: number) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  const columns: ExportColumn<Cell[]>[] = headers.map((header, index) => ({
    header,
    value: (row) => row[index] ?? null,
    width: 10 + index,
  }));
  async function* source() {
    yield* rows;
  }
  await writeXlsx(output, { sheetName, columns, rows: source() }, rowsPerSheet);
  await ended;
  return Buffer.concat(chunks);
}

async function readBack(bytes: Buffer, sheetName = 'Permits') {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  if (!sheet) throw new Error(`no sheet ${sheetName}`);
  return sheet;
}

describe('CSV records', () => {
  it('quote only the fields that need it, doubling their quotes', () => {
    expect(csvRecord(['Pole 12', 'Main St, north', 'the "big" one', null, 3.5])).toBe(
      'Pole 12,"Main St, north","the ""big"" one",,3.5\n',
    );
    expect(csvRecord(['two\nlines', 'cr\rhere', ''])).toBe('"two\nlines","cr\rhere",\n');
    expect(csvRecord([new Date('2026-03-01T15:30:00Z')])).toBe('2026-03-01T15:30:00.000Z\n');
  });

  it('keep text that would open as a formula as text, and numbers as numbers', () => {
    expect(csvRecord(['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tpole', -3, 'a=b'])).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",'+1,'-2,'@SUM(A1),'\tpole,-3,a=b\n`,
    );
    expect(csvRecord(['\r=1'])).toBe(`"'\r=1"\n`);
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
          const written = (value: string | number | null) =>
            value === null ? '' : typeof value === 'string' ? spreadsheetText(value) : String(value);
          expect(read).toEqual(table.map((row) => row.map(written)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('workbooks', () => {
  it('name columns A to Z, then AA onwards', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('read back in a spreadsheet library with a bold frozen header, widths and typed cells', async () => {
    const day = new Date('2026-03-01T00:00:00Z');
    const moment = new Date('2026-03-01T15:30:12.345Z');
    const bytes = await workbookOf(
      ['Permit Number', 'Poles', 'Submitted', 'Updated', 'Notes'],
      [
        ['JU-1', 12, day, moment, 'Tom & Jerry <poles> "north"'],
        ['JU-2', -3.25, null, null, null],
      ],
    );
    const sheet = await readBack(bytes);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Permit Number',
      'Poles',
      'Submitted',
      'Updated',
      'Notes',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(10);
    expect(sheet.getColumn(5).width).toBe(14);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('JU-1');
    expect(first.getCell(2).value).toBe(12);
    expect(first.getCell(3).value).toEqual(day);
    expect(first.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(4).value).toEqual(moment);
    expect(first.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(5).value).toBe('Tom & Jerry <poles> "north"');
    const second = sheet.getRow(2 + 1);
    expect(second.getCell(2).value).toBe(-3.25);
    expect([3, 4, 5].map((n) => second.getCell(n).value)).toEqual([null, null, null]);
  });

  it('are a zip of the parts of a workbook, the sheet deflated', async () => {
    const bytes = await workbookOf(['Name'], [['a']], 'Bad/Name?');
    const parts = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    // A sheet name Excel refuses is made one it takes.
    expect(new TextDecoder().decode(parts['xl/workbook.xml'])).toContain('<sheet name="Bad Name"');
  });

  it('go on in another sheet, with the header again, once a sheet holds as many rows as Excel takes', async () => {
    const read = async (count: number) => {
      const rows = Array.from({ length: count }, (_, index): Cell[] => [`JU-${index + 1}`, index + 1]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        (await workbookOf(['Permit', 'Poles'], rows, 'Permits', 3)) as unknown as ArrayBuffer,
      );
      return workbook.worksheets.map((sheet) => ({
        name: sheet.name,
        rows: sheet
          .getSheetValues()
          .slice(1)
          .map((values) => (values as Cell[]).slice(1)),
      }));
    };
    const seven = await read(7);
    expect(seven.map((sheet) => sheet.name)).toEqual([
      'Permits',
      'Permits (2)',
      'Permits (3)',
      'Permits (4)',
    ]);
    expect(seven.map((sheet) => sheet.rows.length)).toEqual([3, 3, 3, 2]);
    for (const sheet of seven) expect(sheet.rows[0]).toEqual(['Permit', 'Poles']);
    expect(seven.flatMap((sheet) => sheet.rows.slice(1))).toEqual(
      Array.from({ length: 7 }, (_, index) => [`JU-${index + 1}`, index + 1]),
    );
    // Rows that fill the last sheet exactly open no empty one; no rows still make a sheet with its header.
    expect((await read(4)).map((sheet) => sheet.rows.length)).toEqual([3, 3]);
    expect(await read(0)).toEqual([{ name: 'Permits', rows: [['Permit', 'Poles']] }]);
  });

  it('name sheets as Excel allows, different and at most 31 characters', () => {
    expect(sheetNames('Projects: north/south?', 2)).toEqual([
      'Projects  north south',
      'Projects  north south (2)',
    ]);
    const long = 'A'.repeat(40);
    expect(sheetNames(long, 2)).toEqual(['A'.repeat(31), `${'A'.repeat(27)} (2)`]);
    expect(sheetNames('  ', 1)).toEqual(['Sheet']);
  });

  it('keep text a spreadsheet can hold, dropping what XML cannot carry and cutting at the cell limit', async () => {
    const long = 'x'.repeat(CELL_TEXT_LIMIT + 10);
    const bytes = await workbookOf(
      ['Text'],
      [['bell\u0007 tab\t line\nbreak'], ['  padded  '], [long], ['\uD83D😀']],
    );
    const sheet = await readBack(bytes);
    expect(sheet.getRow(2).getCell(1).value).toBe('bell tab\t line\nbreak');
    expect(sheet.getRow(3).getCell(1).value).toBe('  padded  ');
    expect(sheet.getRow(4).getCell(1).value).toBe(long.slice(0, CELL_TEXT_LIMIT));
    expect(sheet.getRow(5).getCell(1).value).toBe('😀');
  });

  it('read back as the same cells, whatever the text, numbers and moments', async () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }).filter((text) => text.length > 0),
      fc.constantFrom('&amp;', '<t>', ']]>', '"', "'", '=1+1'),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
      fc.integer(),
      fc.date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        async (rows) => {
          const width = Math.max(...rows.map((row) => row.length));
          const headers = Array.from({ length: width }, (_, index) => `Column ${index + 1}`);
          const sheet = await readBack(await workbookOf(headers, rows));
          rows.forEach((row, index) => {
            const read = sheet.getRow(index + 2);
            for (let n = 0; n < width; n++) {
              const value = row[n] ?? null;
              const got = read.getCell(n + 1).value;
              if (value instanceof Date) expect((got as Date).getTime()).toBe(value.getTime());
              else expect(got).toEqual(value);
            }
          });
        },
      ),
      { numRuns: 100 },
    );
  });
});
