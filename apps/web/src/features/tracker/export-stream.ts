import { type ExportFormat, formatSize, permitsText } from '@crossarm/shared';
import { isApiError } from '../../lib/api/api-error';

// Reading an export as it streams in: bytes received and, for CSV, the rows counted as they arrive, so the
// tracker can show how far the file has come; the file is kept whole in memory and saved at the end.

/** How far an export has come. */
export interface ExportProgress {
  format: ExportFormat;
  bytes: number;
  /** Data rows received (CSV only: a workbook is compressed and cannot be counted as it arrives). */
  rows: number | null;
  /** The rows the table counts for its filter, when known. */
  expected: number | null;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Counts the records of a CSV file as its bytes arrive: a line feed outside quotes ends a record (a quoted
 * cell may hold line feeds; an escaped quote "" toggles twice). Bytes are scanned as they are: in UTF-8 no
 * other character holds the bytes of `"` or a line feed.
 */
export class CsvRecordCounter {
  private quoted = false;
  private ended = 0;
  private pending = false;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) {
        this.quoted = !this.quoted;
        this.pending = true;
      } else if (byte === NEWLINE && !this.quoted) {
        this.ended += 1;
        this.pending = false;
      } else {
        this.pending = true;
      }
    }
  }

  /** Records complete so far, with a last one not yet ended by a line feed. */
  get records(): number {
    return this.ended + (this.pending ? 1 : 0);
  }

  /** Records after the header row. */
  get dataRows(): number {
    return Math.max(0, this.records - 1);
  }
}

function rowsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

/** "Exporting CSV… 1,234 of 5,000 rows" or "Exporting Excel… 1.2 MB received (5,000 rows)". */
export function exportProgressText(progress: ExportProgress): string {
  const what = progress.format === 'Xlsx' ? 'Excel' : 'CSV';
  const { rows, expected } = progress;
  if (rows !== null) {
    const of = expected !== null && expected >= rows ? ` of ${expected.toLocaleString('en-US')}` : '';
    const noun = (of ? expected : rows) === 1 ? 'row' : 'rows';
    return `Exporting ${what}… ${rows.toLocaleString('en-US')}${of} ${noun}`;
  }
  const count = expected !== null ? ` (${rowsText(expected)})` : '';
  return `Exporting ${what}… ${formatSize(progress.bytes)} received${count}`;
}

/** How full the bar is (0–100), or null when it cannot be told (a workbook). */
export function exportPercent(progress: ExportProgress): number | null {
  if (progress.rows === null || !progress.expected) return null;
  return Math.min(100, Math.round((progress.rows / progress.expected) * 100));
}

/**
 * The name an export is saved under: the server's (`permits-2026-11-22.csv`) with the view's name in place of
 * "permits" ("Poles to check 2026-11-22.csv"), less the characters a file name cannot hold.
 */
export function exportFileName(serverName: string, viewName?: string): string {
  const name = (viewName ?? '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  const parts = /^permits(?:-(\d{4}-\d{2}-\d{2}))?(\.\w+)$/.exec(serverName);
  if (!name || !parts) return serverName;
  return `${name}${parts[1] ? ` ${parts[1]}` : ''}${parts[2]}`;
}

/** The notification once the file is saved: "71 permits exported to permits-2026-11-22.csv". */
export function exportDoneText(rows: number | null, fileName: string): string {
  return rows === null ? `Exported to ${fileName}` : `${permitsText(rows)} exported to ${fileName}`;
}

/** A failed export as the tracker shows it: the API's reason, or that the file broke off on the way. */
export function exportFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return 'The server could not be reached. Check your connection and try again.';
    if (error.status >= 500) return 'The export failed on the server. Try again in a moment.';
    return error.detail || error.title;
  }
  return 'The export stopped before the file was complete. Try again.';
}

/**
 * Reads a response's body to the end, reporting progress after each piece, and returns it as one blob of
 * the response's type. An abort of `signal` stops the reading (the promise rejects with an AbortError).
 */
export async function readExport(
  response: Response,
  format: ExportFormat,
  expected: number | null,
  onProgress: (progress: ExportProgress) => void,
): Promise<{ blob: Blob; rows: number | null }> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const counter = format === 'Csv' ? new CsvRecordCounter() : null;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const report = () => onProgress({ format, bytes, rows: counter ? counter.dataRows : null, expected });
  report();
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      counter?.push(value);
      report();
    }
  }
  return { blob: new Blob(parts, { type }), rows: counter ? counter.dataRows : null };
}
