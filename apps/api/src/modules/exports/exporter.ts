import { PassThrough } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { type ExportFormat, wallClockDate, wallClockText } from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import { Zip, ZipDeflate } from 'fflate';
import {
  SHEET_END,
  SHEET_ROW_LIMIT,
  SheetRows,
  sheetNames,
  sheetPart,
  sheetStart,
  workbookParts,
} from './xlsx.ts';

/** A column of an export: its header and how to read the cell from a row. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | Date | null;
  /** Excel column width in characters. */
  width?: number;
}

/** Reads rows batch by batch so that no export holds the whole table in memory. */
export async function* inBatches<Row>(fetch: (limit: number, offset: number) => Promise<Row[]>, size = 1000) {
  for (let offset = 0; ; offset += size) {
    const rows = await fetch(size, offset);
    yield* rows;
    if (rows.length < size) return;
  }
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  Xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  Csv: 'text/csv; charset=utf-8',
};

/** `organizations-2026-11-21.xlsx`: the day it is in `timeZone` (the caller's; UTC when not given). */
export function exportFileName(
  base: string,
  format: ExportFormat,
  now = new Date(),
  timeZone = 'UTC',
): string {
  return `${base}-${wallClockText(now, timeZone).slice(0, 10)}.${format.toLowerCase()}`;
}

/**
 * A moment as a file writes it, as `timeZone`'s wall clock reads it (neither a workbook nor a CSV file holds a
 * zone): a date and time in a workbook, `YYYY-MM-DD HH:MM:SS` in a CSV file.
 */
export function momentCell(at: Date, format: ExportFormat, timeZone: string): string | Date {
  return format === 'Csv' ? wallClockText(at, timeZone) : wallClockDate(at, timeZone);
}

/** A day (`YYYY-MM-DD`) as a file writes it: a date in a workbook, the day as it is in a CSV file. */
export function dayCell(day: string, format: ExportFormat): string | Date {
  return format === 'Csv' ? day : new Date(`${day}T00:00:00Z`);
}

/** The columns with their `Date` cells written as moments in `timeZone` (see `momentCell`). */
function momentsIn<Row>(
  columns: ExportColumn<Row>[],
  format: ExportFormat,
  timeZone: string,
): ExportColumn<Row>[] {
  return columns.map((column) => ({
    ...column,
    value: (row) => {
      const cell = column.value(row);
      return cell instanceof Date ? momentCell(cell, format, timeZone) : cell;
    },
  }));
}

/**
 * Streams rows to the client as an xlsx workbook or a CSV file, with a header row and typed cells. Rows are
 * written as they are read; the writer yields to the event loop regularly so memory stays flat. With
 * `momentsIn`, every `Date` cell is a moment, written as that zone's wall clock reads it (see `momentsIn`).
 */
export function sendExport<Row>(
  reply: FastifyReply,
  given: {
    format: ExportFormat;
    fileName: string;
    sheetName: string;
    columns: ExportColumn<Row>[];
    rows: AsyncIterable<Row>;
    momentsIn?: string;
  },
) {
  const options = given.momentsIn
    ? { ...given, columns: momentsIn(given.columns, given.format, given.momentsIn) }
    : given;
  const output = new PassThrough();
  reply
    .header('content-type', CONTENT_TYPES[options.format])
    .header('content-disposition', `attachment; filename="${options.fileName}"`)
    .header('cache-control', 'no-store');
  const writing = options.format === 'Xlsx' ? writeXlsx(output, options) : writeCsv(output, options);
  writing.catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed while streaming');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(output);
}

/**
 * The workbook is a zip whose sheets are deflated as their rows are written: the zip's bytes go to the client
 * as they are made, and rows wait while the client is behind, so neither the rows nor the file are ever whole
 * in memory. A sheet holds at most `rowsPerSheet` rows, its header included (Excel's limit); the rows go on in
 * another sheet, with the header again. The parts that name the sheets are written once all are.
 */
export async function writeXlsx<Row>(
  output: PassThrough,
  options: { sheetName: string; columns: ExportColumn<Row>[]; rows: AsyncIterable<Row> },
  rowsPerSheet = SHEET_ROW_LIMIT,
) {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (!output.destroyed) {
      output.write(chunk);
      if (final) output.end();
    }
  });
  const deflated = (name: string) => {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    return part;
  };
  const columns = options.columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  let sheets = 0;
  const open = () => ({ part: deflated(sheetPart(++sheets)), rows: new SheetRows(columns.length) });
  let sheet = open();
  await writePieces(output, {
    start: () => {
      if (sheet.rows.count > 0) sheet = open();
      return sheetStart(columns) + sheet.rows.header(columns);
    },
    record: (row: Row) => sheet.rows.row(options.columns.map((column) => column.value(row))),
    full: () => sheet.rows.count >= rowsPerSheet,
    end: SHEET_END,
    rows: options.rows,
    put: (text, last) => {
      sheet.part.push(Buffer.from(text), last);
      if (failure) throw failure;
    },
  });
  // The client is gone: the workbook is left unfinished.
  if (output.destroyed) return;
  for (const [name, xml] of workbookParts(sheetNames(options.sheetName, sheets))) {
    deflated(name).push(Buffer.from(xml), true);
  }
  zip.end();
  if (failure) throw failure;
}

/** Text is handed on in pieces of about this many characters. */
const PIECE = 64 * 1024;

/**
 * Writes sections (a file, or a workbook's sheets) of text through `put` in pieces: a section is `start()`,
 * a record per row until the rows end or the section is `full()`, then `end`; the next row opens another.
 * `put` is told which piece is a section's last. Waits while the client is behind; stops when it is gone.
 */
async function writePieces<Row>(
  output: PassThrough,
  options: {
    start: () => string;
    record: (row: Row) => string;
    full?: () => boolean;
    end: string;
    rows: AsyncIterable<Row>;
    put: (text: string, last: boolean) => void;
  },
) {
  let piece: string | null = options.start();
  for await (const row of options.rows) {
    if (output.destroyed) return;
    piece ??= options.start();
    piece += options.record(row);
    if (options.full?.()) {
      options.put(piece + options.end, true);
      piece = null;
    } else if (piece.length >= PIECE) {
      options.put(piece, false);
      piece = '';
    } else continue;
    if (output.writableNeedDrain) await drained(output);
    else await yieldToLoop();
  }
  if (piece !== null) options.put(piece + options.end, true);
}

/** Until the client has taken what the stream holds, or is gone (which ends the export). */
function drained(output: PassThrough) {
  return new Promise<void>((resolve) => {
    const done = () => {
      output.off('drain', done);
      output.off('close', done);
      resolve();
    };
    output.on('drain', done);
    output.on('close', done);
  });
}

const NEEDS_QUOTES = /[",\r\n]/;
/** How a spreadsheet program tells a formula from text when it opens a CSV file. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text as a spreadsheet program shows it rather than runs it: text that would open as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first, as in `=HYPERLINK(...)` typed into a permit's location) gets a
 * leading apostrophe. Numbers are written as numbers and are not touched.
 */
export const spreadsheetText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One CSV record (RFC 4180, ending in a line feed): a field holding a comma, a quote or a line break is quoted,
 * with its quotes doubled; an empty cell is an empty field; a moment is written as an ISO timestamp; text
 * goes through `spreadsheetText`.
 */
export function csvRecord(cells: readonly (string | number | Date | null)[]): string {
  let record = '';
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index];
    const text =
      cell === null || cell === undefined
        ? ''
        : cell instanceof Date
          ? cell.toISOString()
          : typeof cell === 'string'
            ? spreadsheetText(cell)
            : String(cell);
    if (index > 0) record += ',';
    record += NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${record}\n`;
}

// The records are built here rather than by a CSV library: an export writes millions of cells, and building
// each one as a plain string keeps the garbage per row small, so the server's memory stays flat.
function writeCsv<Row>(
  output: PassThrough,
  options: { columns: ExportColumn<Row>[]; rows: AsyncIterable<Row> },
) {
  return writePieces(output, {
    // A byte order mark, so that spreadsheet programs read the file as UTF-8.
    start: () => `\uFEFF${csvRecord(options.columns.map((column) => column.header))}`,
    record: (row: Row) => csvRecord(options.columns.map((column) => column.value(row))),
    end: '',
    rows: options.rows,
    put: (text, last) => {
      if (text) output.write(text);
      if (last) output.end();
    },
  });
}
