import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import {
  CsvRecordCounter,
  type ExportProgress,
  exportDoneText,
  exportFailureText,
  exportFileName,
  exportPercent,
  exportProgressText,
  readExport,
} from './export-stream';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('counting CSV rows as they arrive', () => {
  it('counts records across pieces, skipping the header', () => {
    const counter = new CsvRecordCounter();
    counter.push(bytes('\uFEFFPermit Number,Status\nNEC-1,Act'));
    expect(counter.dataRows).toBe(1);
    counter.push(bytes('ive\nNEC-2,On Hold\n'));
    expect(counter.records).toBe(3);
    expect(counter.dataRows).toBe(2);
  });

  it('does not end a record on a line feed inside quotes, even split across pieces', () => {
    const counter = new CsvRecordCounter();
    counter.push(bytes('a,b\n"line one\n'));
    counter.push(bytes('line ""two""",x\nlast,"é"\n'));
    expect(counter.dataRows).toBe(2);
  });

  it('counts nothing for an empty file', () => {
    expect(new CsvRecordCounter().dataRows).toBe(0);
  });
});

describe('progress texts', () => {
  const csv = (rows: number, expected: number | null): ExportProgress => ({
    format: 'Csv',
    bytes: 0,
    rows,
    expected,
  });

  it('names rows of the expected count for CSV, with the share done', () => {
    expect(exportProgressText(csv(1200, 5000))).toBe('Exporting CSV… 1,200 of 5,000 rows');
    expect(exportPercent(csv(1200, 5000))).toBe(24);
    expect(exportProgressText(csv(12, null))).toBe('Exporting CSV… 12 rows');
    expect(exportPercent(csv(12, null))).toBeNull();
    // More rows than counted (permits added since): no "of", the bar stays full.
    expect(exportProgressText(csv(8, 5))).toBe('Exporting CSV… 8 rows');
    expect(exportPercent(csv(8, 5))).toBe(100);
  });

  it('names bytes for a workbook, with the rows expected', () => {
    const xlsx: ExportProgress = {
      format: 'Xlsx',
      bytes: 3 * 1024 * 1024 + 200_000,
      rows: null,
      expected: 71,
    };
    // Sizes in units of 1,000 with two decimals, as everywhere in the product.
    expect(exportProgressText(xlsx)).toBe('Exporting Excel… 3.35 MB received (71 rows)');
    expect(exportPercent(xlsx)).toBeNull();
    expect(exportProgressText({ ...xlsx, bytes: 20_480 })).toBe(
      'Exporting Excel… 20.48 KB received (71 rows)',
    );
  });

  it('says what was saved', () => {
    expect(exportDoneText(71, 'permits-2026-11-22.csv')).toBe(
      '71 permits exported to permits-2026-11-22.csv',
    );
    expect(exportDoneText(null, 'permits.xlsx')).toBe('Exported to permits.xlsx');
  });

  it("names the file after the view, keeping the server's date and extension", () => {
    expect(exportFileName('permits-2026-11-22.csv', 'Poles to check')).toBe('Poles to check 2026-11-22.csv');
    expect(exportFileName('permits.xlsx', 'All Permits')).toBe('All Permits.xlsx');
    // What a file name cannot hold goes; a name of nothing else keeps the server's.
    expect(exportFileName('permits-2026-11-22.csv', ' Q3: poles/spans? ')).toBe(
      'Q3 poles spans 2026-11-22.csv',
    );
    expect(exportFileName('permits.csv', 'Poles\u0007\tdue')).toBe('Poles due.csv');
    expect(exportFileName('permits-2026-11-22.csv', '//')).toBe('permits-2026-11-22.csv');
    expect(exportFileName('permits-2026-11-22.csv')).toBe('permits-2026-11-22.csv');
    expect(exportFileName('report.csv', 'Poles')).toBe('report.csv');
    expect(exportFileName('permits-2026-11-22.csv', 'x'.repeat(200))).toBe(
      `${'x'.repeat(80)} 2026-11-22.csv`,
    );
  });

  it('explains a failure readably', () => {
    const refused = new ApiError({ status: 403, title: 'Forbidden', detail: 'You may not export.' });
    expect(exportFailureText(refused)).toBe('You may not export.');
    expect(exportFailureText(new ApiError({ status: 502, title: 'Bad Gateway', detail: '' }))).toMatch(
      /failed on the server/,
    );
    expect(exportFailureText(new ApiError({ status: 0, title: 'Network Error', detail: '' }))).toMatch(
      /could not be reached/,
    );
    expect(exportFailureText(new TypeError('network error'))).toMatch(/stopped before the file was complete/);
  });
});

describe('reading an export', () => {
  function streamed(pieces: string[], type = 'text/csv; charset=utf-8') {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(bytes(piece));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': type } });
  }

  it('reports progress after each piece and returns the whole file', async () => {
    const seen: ExportProgress[] = [];
    const pieces = ['Number\n', 'A\nB\n', 'C\n'];
    const file = await readExport(streamed(pieces), 'Csv', 3, (progress) => seen.push(progress));
    expect(seen.map((progress) => progress.rows)).toEqual([0, 0, 2, 3]);
    expect(seen.at(-1)).toEqual({ format: 'Csv', bytes: pieces.join('').length, rows: 3, expected: 3 });
    expect(file.rows).toBe(3);
    expect(await file.blob.text()).toBe(pieces.join(''));
    expect(file.blob.type).toContain('text/csv');
  });

  it('counts bytes only for a workbook', async () => {
    const seen: ExportProgress[] = [];
    const file = await readExport(streamed(['PK..', '....'], 'application/zip'), 'Xlsx', null, (p) =>
      seen.push(p),
    );
    expect(seen.at(-1)).toEqual({ format: 'Xlsx', bytes: 8, rows: null, expected: null });
    expect(file.blob.size).toBe(8);
  });

  it('fails when the stream breaks off', async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(bytes('Number\nA\n'));
        } else controller.error(new TypeError('network error'));
      },
    });
    const seen: ExportProgress[] = [];
    await expect(readExport(new Response(body), 'Csv', 10, (p) => seen.push(p))).rejects.toThrow(TypeError);
    expect(seen.at(-1)?.rows).toBe(1);
  });
});
