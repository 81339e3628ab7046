/** What a table cell with nothing to show reads, the same in every column and every table (dimmed). */
export const EMPTY_CELL = '—';
