import { MONTH_ABBREVIATIONS, utcDate } from './validators.ts';

/** Bytes in one megabyte, for megabyte conversions. */
export const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Size units, each 1000 times the previous. */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

const DATE_ONLY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Formats a calendar Date's UTC day as 'MMM dd, yyyy', e.g. 'Jan 05, 2026'. */
export function formatDateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const month = MONTH_ABBREVIATIONS[date.getUTCMonth()];
  const day = String(date.getUTCDate()).padStart(2, '0');
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${month} ${day}, ${year}`;
}

/** Parses a 'yyyy-MM-dd' string to a UTC-midnight Date; null when not date-only or not a real day. */
function parseDateOnly(value: string): Date | null {
  const match = DATE_ONLY_PATTERN.exec(value);
  if (!match) return null;
  const [, year = '', month = '', day = ''] = match;
  return utcDate(Number(year), Number(month), Number(day));
}

/** Turns a string or Date into a valid Date, or null. */
function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats a date as 'MMM dd, yyyy'. Date-only strings ('2026-01-05') keep their calendar day with no
 * time-zone shift; timestamps show their day in the given or local time zone. Empty or invalid input gives ''.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY_PATTERN.test(value)) {
    const day = parseDateOnly(value);
    return day ? formatDateText(day) : '';
  }
  const date = toDate(value);
  if (!date) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}`;
}

/**
 * Formats a timestamp as local date and time, e.g. 'Jan 05, 2026, 3:04 PM', in the given or local time zone.
 * Date-only strings have no time and format as formatDate does. Empty or invalid input gives ''.
 */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY_PATTERN.test(value)) return formatDate(value);
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  })
    .format(date)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Formats a byte count with base-1000 units (B, KB, MB, GB, TB) and 2 decimals, e.g. 1500 gives '1.50 KB'.
 * Non-finite or missing input gives ''.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  const sign = bytes < 0 ? '-' : '';
  let size = Math.abs(bytes);
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && Number(size.toFixed(2)) >= 1000) {
    size /= 1000;
    unit += 1;
  }
  return `${sign}${size.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** Converts bytes to megabytes (1 MB = 1024 * 1024 bytes). */
export function bytesToMegabytes(bytes: number): number {
  return bytes / BYTES_PER_MEGABYTE;
}

/** Converts megabytes to whole bytes (1 MB = 1024 * 1024 bytes), rounding to the nearest byte. */
export function megabytesToBytes(megabytes: number): number {
  return Math.round(megabytes * BYTES_PER_MEGABYTE);
}

/** Splits comma-separated text into trimmed, non-empty items. */
export function splitCommaList(text: string | null | undefined): string[] {
  if (text == null) return [];
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number as the app shows it: thousands separated, at most two decimals ('1,234.5'). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** A count of permits as the app says it: '1 permit', '1,234 permits'. */
export function permitsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'permit' : 'permits'}`;
}

/** How a value of an enumeration reads in the app, in sentence case: 'CancelRequested' is 'Cancel requested'. */
export function enumWords(value: string): string {
  const words = value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Names in a sentence: 'A', 'A and B', 'A, B and C'. */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Joins a first and last name with a space, skipping missing or blank parts. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((part) => (part ?? '').trim())
    .filter((part) => part.length > 0)
    .join(' ');
}
