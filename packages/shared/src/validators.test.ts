import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isBlank,
  PHONE_LENGTH,
  PHONE_MASK,
  parseDateText,
  ValidationMessage,
  type Validator,
  validateColour,
  validateDateText,
  validateEmail,
  validatePhone,
  validateRequiredText,
  validateUrl,
} from './validators.ts';

const optionalValidators: [string, Validator][] = [
  ['url', validateUrl],
  ['phone', validatePhone],
  ['email', validateEmail],
  ['colour', validateColour],
  ['date text', validateDateText],
];

describe('blank handling', () => {
  it.each(optionalValidators)('%s passes blank values when optional', (_name, validate) => {
    for (const value of [undefined, null, '', '   ', '\t\n']) {
      expect(validate(value)).toBeNull();
      expect(validate(value, {})).toBeNull();
      expect(validate(value, { required: false })).toBeNull();
    }
  });

  it.each(optionalValidators)('%s fails blank values with Required when required', (_name, validate) => {
    for (const value of [undefined, null, '', '   ']) {
      expect(validate(value, { required: true })).toBe('Required');
    }
  });

  it('isBlank recognises null, undefined, empty and whitespace-only text', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t ')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('validateUrl', () => {
  it.each([
    'example.com',
    'http://example.com',
    'https://example.com',
    'HTTPS://Example.COM',
    'www.example.co',
    'sub.domain-name.example.museum',
    'example.com/',
    'example.com/path/to/page',
    'https://example.com/path?query=1&b=2#frag',
    'https://my-site.io/a_b-c.html',
  ])('accepts %s', (value) => {
    expect(validateUrl(value)).toBeNull();
    expect(validateUrl(value, { required: true })).toBeNull();
  });

  it.each([
    ['one-letter TLD', 'example.c'],
    ['seven-letter TLD', 'example.abcdefg'],
    ['no TLD', 'localhost'],
    ['numeric TLD', 'example.123'],
    ['ftp scheme', 'ftp://example.com'],
    ['scheme without slashes', 'http:example.com'],
    ['whitespace in domain', 'exa mple.com'],
    ['whitespace in path', 'example.com/a b'],
    ['domain starting with hyphen', '-example.com'],
    ['double dot', 'example..com'],
    ['path without slash', 'example.com?x=1'],
    ['scheme only', 'https://'],
  ])('rejects %s', (_label, value) => {
    expect(validateUrl(value)).toBe('Invalid URL');
  });

  it('accepts TLDs at both length limits', () => {
    expect(validateUrl('example.ab')).toBeNull();
    expect(validateUrl('example.abcdef')).toBeNull();
  });
});

describe('validatePhone', () => {
  it('exposes the mask and its length', () => {
    expect(PHONE_MASK).toBe('(###) ###-####');
    expect(PHONE_LENGTH).toBe(14);
  });

  it('accepts a complete masked number of 14 characters', () => {
    expect(validatePhone('(555) 123-4567')).toBeNull();
    expect(validatePhone('(555) 123-4567', { required: true })).toBeNull();
  });

  it('rejects 13 and 15 characters', () => {
    expect(validatePhone('(555) 123-456')).toBe('Invalid phone number');
    expect(validatePhone('(555) 123-45678')).toBe('Invalid phone number');
  });

  it('trims surrounding whitespace before measuring', () => {
    expect(validatePhone('  (555) 123-4567  ')).toBeNull();
    expect(validatePhone('\t(555) 123-4567\n')).toBeNull();
    expect(validatePhone(' (555) 123-456 ')).toBe('Invalid phone number');
  });
});

describe('formatPhone', () => {
  it('masks ten digits', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('masks progressively while typing', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
  });

  it('ignores non-digits and digits beyond ten', () => {
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567 ext')).toBe('(555) 123-4567');
    expect(formatPhone('555123456789')).toBe('(555) 123-4567');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });

  it('produces values the phone validator accepts', () => {
    expect(validatePhone(formatPhone('5551234567'))).toBeNull();
    expect(validatePhone(formatPhone('555123456'))).toBe('Invalid phone number');
  });
});

describe('validateEmail', () => {
  it.each(['a@b.co', 'first.last@example.com', 'user+tag@mail.example.org', 'A@B.C'])(
    'accepts %s',
    (value) => {
      expect(validateEmail(value)).toBeNull();
    },
  );

  it.each([
    ['two @', 'a@b@example.com'],
    ['no @', 'user.example.com'],
    ['no dot after @', 'user@example'],
    ['dot only before @', 'first.last@example'],
    ['nothing before @', '@example.com'],
    ['dot right after @', 'user@.com'],
    ['trailing dot', 'user@example.'],
    ['inner space', 'us er@example.com'],
    ['tab', 'user@exa\tmple.com'],
    ['leading space', ' user@example.com'],
    ['trailing space', 'user@example.com '],
  ])('rejects %s', (_label, value) => {
    expect(validateEmail(value)).toBe('Invalid email address');
  });
});

describe('validateRequiredText', () => {
  it('fails blank text with Required', () => {
    expect(validateRequiredText(undefined)).toBe('Required');
    expect(validateRequiredText(null)).toBe('Required');
    expect(validateRequiredText('')).toBe('Required');
    expect(validateRequiredText('  \t ')).toBe('Required');
  });

  it('passes any text with a non-whitespace character', () => {
    expect(validateRequiredText('a')).toBeNull();
    expect(validateRequiredText('  padded  ')).toBeNull();
  });
});

describe('validateColour', () => {
  it.each(['#abc', '#ABC', '#aabbcc', '#AaBb09', '#000', '#ffffff'])('accepts %s', (value) => {
    expect(validateColour(value)).toBeNull();
  });

  it.each([
    ['4 digits', '#abcd'],
    ['5 digits', '#abcde'],
    ['7 digits', '#abcdeff'],
    ['2 digits', '#ab'],
    ['missing #', 'aabbcc'],
    ['missing # short', 'abc'],
    ['non-hex', '#ggg'],
    ['double #', '##abc'],
    ['whitespace', ' #abc'],
    ['colour name', 'red'],
  ])('rejects %s', (_label, value) => {
    expect(validateColour(value)).toBe('Invalid colour');
  });
});

describe('validateDateText', () => {
  const formatMessage = 'Invalid date format (expected MMM dd, yyyy)';

  it('exposes the messages', () => {
    expect(ValidationMessage.InvalidDateFormat).toBe(formatMessage);
    expect(ValidationMessage.InvalidDate).toBe('Invalid date');
  });

  it.each(['Jan 05, 2026', 'Dec 31, 1999', 'Feb 28, 2026', 'Sep 30, 2026', 'Jan 01, 0001'])(
    'accepts %s',
    (value) => {
      expect(validateDateText(value)).toBeNull();
    },
  );

  it.each([
    ['single-digit day', 'Jan 5, 2026'],
    ['full month name', 'January 05, 2026'],
    ['numeric date', '01/05/2026'],
    ['ISO date', '2026-01-05'],
    ['missing comma', 'Jan 05 2026'],
    ['two-digit year', 'Jan 05, 26'],
    ['trailing text', 'Jun 05, 2026x'],
    ['not a month', 'Foo 05, 2026'],
    ['extra spaces', 'Jan  05, 2026'],
    ['surrounding whitespace', ' Jan 05, 2026'],
  ])('reports a format error for %s', (_label, value) => {
    expect(validateDateText(value)).toBe(formatMessage);
  });

  it.each([
    ['Feb 30', 'Feb 30, 2026'],
    ['Apr 31', 'Apr 31, 2026'],
    ['day 00', 'Jan 00, 2026'],
    ['day 32', 'Jan 32, 2026'],
    ['year 0000', 'Jan 01, 0000'],
  ])('reports an invalid date for %s', (_label, value) => {
    expect(validateDateText(value)).toBe('Invalid date');
  });

  it('follows leap-year rules', () => {
    expect(validateDateText('Feb 29, 2024')).toBeNull();
    expect(validateDateText('Feb 29, 2026')).toBe('Invalid date');
    expect(validateDateText('Feb 29, 2000')).toBeNull();
    expect(validateDateText('Feb 29, 1900')).toBe('Invalid date');
  });

  it('accepts month names in any case', () => {
    expect(validateDateText('jan 05, 2026')).toBeNull();
    expect(validateDateText('JAN 05, 2026')).toBeNull();
    expect(validateDateText('jAn 05, 2026')).toBeNull();
  });
});

describe('parseDateText', () => {
  it('parses to UTC midnight', () => {
    expect(parseDateText('Jan 05, 2026')?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(parseDateText('Dec 31, 2025')?.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    expect(parseDateText('Feb 29, 2024')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDateText('mar 15, 2026')?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('keeps years below 100 as written', () => {
    expect(parseDateText('Jul 04, 0076')?.getUTCFullYear()).toBe(76);
  });

  it('returns null for text that is not a real date in the format', () => {
    expect(parseDateText('Feb 29, 2026')).toBeNull();
    expect(parseDateText('Feb 30, 2026')).toBeNull();
    expect(parseDateText('2026-01-05')).toBeNull();
    expect(parseDateText('')).toBeNull();
    expect(parseDateText(null)).toBeNull();
    expect(parseDateText(undefined)).toBeNull();
  });
});
