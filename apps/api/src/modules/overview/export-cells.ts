import {
  columnTitle,
  type ExportFormat,
  type OverviewCell,
  type OverviewColumn,
  type OverviewMetadata,
  type OverviewRow,
  type OverviewUser,
} from '@crossarm/shared';
import { dayCell, type ExportColumn, momentCell } from '../exports/exporter.ts';

// How an overview column reads in an exported file: its header, and its cells typed for the format. A
// workbook gets numbers as numbers and dates as dates; a CSV file gets days as `YYYY-MM-DD` and moments as
// `YYYY-MM-DD HH:MM:SS`, which spreadsheet programs read as dates. Moments are written as the wall clock of
// the caller's time zone read them, as the table shows them (neither format holds a zone). Enum values are
// written as their labels, people and files as names joined by commas.

/**
 * The header of a column: its title in the table (a stage's or task's column carries its name, "Site Walk ·
 * Status"), and for a duration its unit ("Site Walk · Elapsed Time (days)"), since its cells are bare numbers.
 */
export function columnLabel(column: Pick<OverviewColumn, 'name' | 'subjectName' | 'type'>): string {
  const name = columnTitle(column);
  return column.type === 'Duration' ? `${name} (days)` : name;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date cell as the format writes it: a day (`YYYY-MM-DD`) as it is, a moment (ISO) as the zone's wall clock
 * reads it; the value as it came when it reads as neither.
 */
function dateCell(value: string, format: ExportFormat, timeZone: string): string | Date {
  if (ISO_DAY.test(value)) return dayCell(value, format);
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : momentCell(moment, format, timeZone);
}

/** Days with at most two decimals, as the table shows them. */
const days = (value: number) => Math.round(value * 100) / 100;

const namesOf = (value: OverviewCell) =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : (item as OverviewUser).name)).join(', ')
    : null;

function metadataText(value: OverviewMetadata): string {
  const files = `${value.files} ${value.files === 1 ? 'file' : 'files'}`;
  const comments = `${value.comments} ${value.comments === 1 ? 'comment' : 'comments'}`;
  return `${value.workflow} v${value.version}, ${files}, ${comments}`;
}

/** One cell of a column as the format writes it. */
export function exportCell(
  column: Pick<OverviewColumn, 'type' | 'options'>,
  value: OverviewCell | undefined,
  format: ExportFormat,
  timeZone = 'UTC',
): string | number | Date | null {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'Number':
      return typeof value === 'number' ? value : Number(value);
    case 'Duration':
      return typeof value === 'number' ? days(value) : null;
    case 'Date':
      return typeof value === 'string' ? dateCell(value, format, timeZone) : null;
    case 'Enum': {
      const text = String(value);
      return column.options?.find((option) => option.value === text)?.label ?? text;
    }
    case 'Boolean':
      return value === true ? 'Yes' : 'No';
    case 'Users':
    case 'Files':
      return namesOf(value);
    case 'Metadata':
      return typeof value === 'object' && !Array.isArray(value) ? metadataText(value) : null;
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/** Excel column widths in characters, by type. */
const WIDTHS: Partial<Record<OverviewColumn['type'], number>> = {
  Number: 12,
  Duration: 14,
  Date: 16,
  Boolean: 10,
  Metadata: 36,
};

/**
 * The export columns of the asked overview columns, in the asked order (each once, as a row's cells are);
 * moments in `timeZone`'s wall clock.
 */
export function exportColumns(
  columns: OverviewColumn[],
  format: ExportFormat,
  timeZone = 'UTC',
): ExportColumn<OverviewRow>[] {
  return columns.map((column, index) => ({
    header: columnLabel(column),
    value: (row) => exportCell(column, row.cells[index], format, timeZone),
    width: WIDTHS[column.type] ?? 24,
  }));
}
