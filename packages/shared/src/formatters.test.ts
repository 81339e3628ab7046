import { describe, expect, it } from 'vitest';
import {
  bytesToMegabytes,
  formatDate,
  formatDateText,
  formatDateTime,
  formatSize,
  fullName,
  listNames,
  megabytesToBytes,
  splitCommaList,
} from './formatters.ts';
import { parseDateText } from './validators.ts';

describe('formatDate', () => {
  it('shows date-only strings as MMM dd, yyyy', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 05, 2026');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('never shifts date-only strings across time zones', () => {
    // Even far-west and far-east zones keep the calendar day of a date-only string.
    expect(formatDate('2026-01-01', 'Pacific/Honolulu')).toBe('Jan 01, 2026');
    expect(formatDate('2026-01-01', 'Pacific/Kiritimati')).toBe('Jan 01, 2026');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate('2026-13-01')).toBe('');
  });

  it('shows the day of a timestamp in the given time zone', () => {
    expect(formatDate('2026-01-05T23:30:00Z', 'UTC')).toBe('Jan 05, 2026');
    expect(formatDate('2026-01-05T23:30:00Z', 'Asia/Tokyo')).toBe('Jan 06, 2026');
    expect(formatDate('2026-01-05T03:00:00Z', 'America/New_York')).toBe('Jan 04, 2026');
    expect(formatDate(new Date('2026-07-04T12:00:00Z'), 'UTC')).toBe('Jul 04, 2026');
  });
});

describe('formatDateText', () => {
  it('formats the UTC day of a Date', () => {
    expect(formatDateText(new Date(Date.UTC(2026, 0, 5)))).toBe('Jan 05, 2026');
    expect(formatDateText(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('Dec 31, 2026');
  });

  it('round-trips with parseDateText', () => {
    for (const text of ['Jan 05, 2026', 'Feb 29, 2024', 'Oct 10, 0099']) {
      const date = parseDateText(text);
      expect(date).not.toBeNull();
      expect(formatDateText(date as Date)).toBe(text);
    }
  });

  it('returns an empty string for an invalid Date', () => {
    expect(formatDateText(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows timestamps as date and 12-hour time', () => {
    expect(formatDateTime('2026-01-05T15:04:00Z', 'UTC')).toBe('Jan 05, 2026, 3:04 PM');
    expect(formatDateTime('2026-01-05T00:00:00Z', 'UTC')).toBe('Jan 05, 2026, 12:00 AM');
    expect(formatDateTime(new Date('2026-11-30T09:45:00Z'), 'UTC')).toBe('Nov 30, 2026, 9:45 AM');
  });

  it('converts to the given time zone', () => {
    expect(formatDateTime('2026-01-05T15:04:00Z', 'America/New_York')).toBe('Jan 05, 2026, 10:04 AM');
    expect(formatDateTime('2026-01-05T15:04:00Z', 'Asia/Tokyo')).toBe('Jan 06, 2026, 12:04 AM');
  });

  it('uses plain spaces only', () => {
    expect(formatDateTime('2026-01-05T15:04:00Z', 'UTC')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('uses the local time zone by default', () => {
    const value = '2026-01-05T15:04:00Z';
    expect(formatDateTime(value)).toBe(
      formatDateTime(value, Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
  });

  it('shows date-only strings as the date alone', () => {
    expect(formatDateTime('2026-01-05')).toBe('Jan 05, 2026');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('yesterday')).toBe('');
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0.00 B'],
    [1, '1.00 B'],
    [999, '999.00 B'],
    [1000, '1.00 KB'],
    [1500, '1.50 KB'],
    [999_000, '999.00 KB'],
    [1_000_000, '1.00 MB'],
    [1_500_000, '1.50 MB'],
    [2_345_678_901, '2.35 GB'],
    [1e12, '1.00 TB'],
    [1.5e12, '1.50 TB'],
    [1e15, '1000.00 TB'],
  ])('formats %d bytes as %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatSize(999_995)).toBe('1.00 MB');
    expect(formatSize(999_994)).toBe('999.99 KB');
    expect(formatSize(999.999)).toBe('1.00 KB');
  });

  it('keeps the sign of negative sizes', () => {
    expect(formatSize(-1500)).toBe('-1.50 KB');
  });

  it('returns an empty string for missing or non-finite values', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(undefined)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
    expect(formatSize(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('megabyte conversion', () => {
  it('uses 1024 * 1024 bytes per megabyte', () => {
    expect(bytesToMegabytes(1_048_576)).toBe(1);
    expect(bytesToMegabytes(524_288)).toBe(0.5);
    expect(bytesToMegabytes(0)).toBe(0);
    expect(bytesToMegabytes(1_000_000)).toBeCloseTo(0.953674, 6);
    expect(megabytesToBytes(1)).toBe(1_048_576);
    expect(megabytesToBytes(25)).toBe(26_214_400);
    expect(megabytesToBytes(0.5)).toBe(524_288);
  });

  it('rounds to whole bytes', () => {
    expect(megabytesToBytes(0.1)).toBe(104_858);
    expect(Number.isInteger(megabytesToBytes(1 / 3))).toBe(true);
  });

  it('round-trips whole megabytes', () => {
    expect(bytesToMegabytes(megabytesToBytes(10))).toBe(10);
  });
});

describe('splitCommaList', () => {
  it('splits on commas and trims each item', () => {
    expect(splitCommaList('a,b,c')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList(' a , b ,  c ')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList('Pole 12, Pole 13')).toEqual(['Pole 12', 'Pole 13']);
  });

  it('drops empty and blank items', () => {
    expect(splitCommaList('a,,b, ,c,')).toEqual(['a', 'b', 'c']);
    expect(splitCommaList(',a')).toEqual(['a']);
    expect(splitCommaList(' , , ')).toEqual([]);
  });

  it('returns an empty list for missing or empty text', () => {
    expect(splitCommaList('')).toEqual([]);
    expect(splitCommaList(null)).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
  });

  it('keeps a single item without commas', () => {
    expect(splitCommaList('  only  ')).toEqual(['only']);
  });
});

describe('fullName', () => {
  it('joins first and last names', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('  Ada ', ' Lovelace  ')).toBe('Ada Lovelace');
  });

  it('skips missing or blank parts', () => {
    expect(fullName('Ada', null)).toBe('Ada');
    expect(fullName(undefined, 'Lovelace')).toBe('Lovelace');
    expect(fullName('  ', 'Lovelace')).toBe('Lovelace');
    expect(fullName(null, undefined)).toBe('');
  });
});

describe('listNames', () => {
  it('joins names as in a sentence', () => {
    expect(listNames([])).toBe('');
    expect(listNames(['Survey'])).toBe('Survey');
    expect(listNames(['Survey', 'Design'])).toBe('Survey and Design');
    expect(listNames(['Survey', 'Design', 'Approve'])).toBe('Survey, Design and Approve');
  });
});
