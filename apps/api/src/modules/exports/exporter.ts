import { PassThrough } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ExportFormat } from '@crossarm/shared';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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

/** `organizations-2026-11-21.xlsx` */
export function exportFileName(base: string, format: ExportFormat, now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.${format.toLowerCase()}`;
}

/**
 * Streams rows to the client as an xlsx workbook or a CSV file, with a header row and typed cells. Rows are
 * written as they are read; the writer yields to the event loop regularly so memory stays flat.
 */
export function sendExport<Row>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    fileName: string;
    sheetName: string;
    columns: ExportColumn<Row>[];
    rows: AsyncIterable<Row>;
  },
) {
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

async function writeXlsx<Row>(
  output: PassThrough,
  options: { sheetName: string; columns: ExportColumn<Row>[]; rows: AsyncIterable<Row> },
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = options.columns.map((column) => ({ header: column.header, width: column.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for await (const row of options.rows) {
    sheet.addRow(options.columns.map((column) => column.value(row))).commit();
    if (++count % 500 === 0) await yieldToLoop();
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv<Row>(
  output: PassThrough,
  options: { columns: ExportColumn<Row>[]; rows: AsyncIterable<Row> },
) {
  const csv = stringify({ header: true, columns: options.columns.map((column) => column.header), bom: true });
  csv.pipe(output);
  for await (const row of options.rows) {
    const cells = options.columns.map((column) => {
      const value = column.value(row);
      return value instanceof Date ? value.toISOString() : value;
    });
    if (!csv.write(cells)) await new Promise((resolve) => csv.once('drain', resolve));
  }
  csv.end();
}
