/** Options every validator accepts: a blank value passes unless `required` is set. */
export interface ValidatorOptions {
  required?: boolean;
}

/** A validator returns an error message, or null when the value is valid. */
export type Validator = (value: string | null | undefined, options?: ValidatorOptions) => string | null;

/** The messages the validators return. */
export const ValidationMessage = {
  Required: 'Required',
  InvalidUrl: 'Invalid URL',
  InvalidPhone: 'Invalid phone number',
  InvalidEmail: 'Invalid email address',
  InvalidColour: 'Invalid colour',
  InvalidDateFormat: 'Invalid date format (expected MMM dd, yyyy)',
  InvalidDate: 'Invalid date',
} as const;

/** The display and entry format for dates. */
export const DATE_FORMAT = 'MMM dd, yyyy';

/** The input mask for phone numbers; each '#' is one digit. */
export const PHONE_MASK = '(###) ###-####';

/** The length of a complete phone number in the mask's format. */
export const PHONE_LENGTH = PHONE_MASK.length;

/** English three-letter month abbreviations, January first. */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const URL_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,6}(\/\S*)?$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COLOUR_PATTERN = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const DATE_TEXT_PATTERN = /^([a-z]{3}) (\d{2}), (\d{4})$/i;

/** True when the value is null, undefined, empty or only whitespace. */
export function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

/** Shared handling of blank values: 'Required' when required, valid otherwise; undefined when not blank. */
function checkBlank(value: string | null | undefined, options: ValidatorOptions): string | null | undefined {
  if (!isBlank(value)) return undefined;
  return options.required ? ValidationMessage.Required : null;
}

/** Validates a URL: optional http(s) scheme, a domain, a 2 to 6 letter top-level domain, then an optional path. */
export function validateUrl(value: string | null | undefined, options: ValidatorOptions = {}): string | null {
  const blank = checkBlank(value, options);
  if (blank !== undefined) return blank;
  return URL_PATTERN.test(value as string) ? null : ValidationMessage.InvalidUrl;
}

/** Validates a phone number: its trimmed length must be exactly that of the mask '(###) ###-####'. */
export function validatePhone(
  value: string | null | undefined,
  options: ValidatorOptions = {},
): string | null {
  const blank = checkBlank(value, options);
  if (blank !== undefined) return blank;
  return (value as string).trim().length === PHONE_LENGTH ? null : ValidationMessage.InvalidPhone;
}

/** Applies the phone mask to the digits of the input, progressively, ignoring non-digits and extra digits. */
export function formatPhone(digits: string | null | undefined): string {
  const clean = (digits ?? '').replace(/\D/g, '').slice(0, 10);
  if (clean.length === 0) return '';
  const area = clean.slice(0, 3);
  const exchange = clean.slice(3, 6);
  const line = clean.slice(6);
  if (clean.length <= 3) return `(${area}`;
  if (clean.length <= 6) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${line}`;
}

/** Validates an email address: exactly one '@', a dot after it, and no whitespace. */
export function validateEmail(
  value: string | null | undefined,
  options: ValidatorOptions = {},
): string | null {
  const blank = checkBlank(value, options);
  if (blank !== undefined) return blank;
  return EMAIL_PATTERN.test(value as string) ? null : ValidationMessage.InvalidEmail;
}

/** Validates text that must be present: its trimmed length must be above 0. */
export function validateRequiredText(value: string | null | undefined): string | null {
  return isBlank(value) ? ValidationMessage.Required : null;
}

/** Validates a colour: '#' followed by 3 or 6 hexadecimal digits. */
export function validateColour(
  value: string | null | undefined,
  options: ValidatorOptions = {},
): string | null {
  const blank = checkBlank(value, options);
  if (blank !== undefined) return blank;
  return COLOUR_PATTERN.test(value as string) ? null : ValidationMessage.InvalidColour;
}

/** Number of days in a month (1 to 12) of a proleptic Gregorian year. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Builds a UTC-midnight Date for a calendar day, or null when the day does not exist. */
export function utcDate(year: number, month: number, day: number): Date | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

type DateTextResult = { kind: 'format' } | { kind: 'invalid' } | { kind: 'ok'; date: Date };

/** Parses 'MMM dd, yyyy' text, telling a format mismatch apart from a day that does not exist. */
function readDateText(text: string): DateTextResult {
  const match = DATE_TEXT_PATTERN.exec(text);
  if (!match) return { kind: 'format' };
  const [, monthText = '', dayText = '', yearText = ''] = match;
  const monthIndex = MONTH_ABBREVIATIONS.findIndex((name) => name.toLowerCase() === monthText.toLowerCase());
  if (monthIndex < 0) return { kind: 'format' };
  const date = utcDate(Number(yearText), monthIndex + 1, Number(dayText));
  return date ? { kind: 'ok', date } : { kind: 'invalid' };
}

/** Parses 'MMM dd, yyyy' text (month name in any case) to a UTC-midnight Date, or null if not a real date. */
export function parseDateText(text: string | null | undefined): Date | null {
  if (text == null) return null;
  const result = readDateText(text);
  return result.kind === 'ok' ? result.date : null;
}

/** Validates date text in the format 'MMM dd, yyyy', reporting a wrong format apart from a non-existent day. */
export function validateDateText(
  value: string | null | undefined,
  options: ValidatorOptions = {},
): string | null {
  const blank = checkBlank(value, options);
  if (blank !== undefined) return blank;
  const result = readDateText(value as string);
  if (result.kind === 'format') return ValidationMessage.InvalidDateFormat;
  if (result.kind === 'invalid') return ValidationMessage.InvalidDate;
  return null;
}
