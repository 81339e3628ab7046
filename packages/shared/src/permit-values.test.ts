import { describe, expect, it } from 'vitest';
import { checkValue, fileOptionsError, fileRefsOf, type PropertyFacts } from './permit-values.ts';
import { propertyFact } from './workflow-fixtures.ts';

const fact = propertyFact;
const message = (property: PropertyFacts, value: unknown) => {
  const result = checkValue(property, value);
  return result.ok ? null : result.message;
};

describe('checking a value by its field type', () => {
  it('keeps numbers within bounds and decimals', () => {
    const number = fact('Number', { min: 0, max: 10, decimals: 1 });
    expect(message(number, 2.5)).toBeNull();
    expect(message(number, 2.55)).toBe('At most 1 decimals');
    expect(message(number, 11)).toBe('At most 10');
    expect(message(number, -1)).toBe('At least 0');
    expect(message(number, '3')).toBe('Must be a number');
    expect(message(fact('Number', { decimals: 0 }), 1.5)).toBe('Must be a whole number');
  });

  it('checks dates, choices, checkboxes, phones and emails', () => {
    expect(message(fact('Date'), '2024-02-29')).toBeNull();
    expect(message(fact('Date'), '2023-02-29')).toBe('Invalid date');
    expect(message(fact('Date'), 'Feb 28, 2023')).toBe('Must be a date as YYYY-MM-DD');
    const radio = fact('Radio', { options: [{ value: 'y', label: 'Yes' }] });
    expect(message(radio, 'y')).toBeNull();
    expect(message(radio, 'Yes')).toBe('Must be one of the options');
    expect(message(fact('Checkbox'), 'true')).toBe('Must be true or false');
    expect(message(fact('Phone'), '(555) 123-4567')).toBeNull();
    expect(message(fact('Phone'), '555')).toBe('Invalid phone number');
    expect(message(fact('Email'), 'a@b.co')).toBeNull();
  });

  it('clears with an empty value, and never takes expressions', () => {
    expect(checkValue(fact('Text', { maxLength: 2 }), '  ')).toEqual({ ok: true, value: null });
    expect(message(fact('Text', { maxLength: 2 }), 'abc')).toBe('At most 2 characters');
    expect(message(fact('Expression', { formula: '1', resultType: 'Number' }), 1)).toContain('Computed');
  });

  it('takes one user id, or a list when several may be picked', () => {
    const user = '00000000-0000-4000-8000-000000000001';
    expect(checkValue(fact('User'), user)).toEqual({ ok: true, value: user });
    expect(message(fact('User'), [user])).toBe('Must be a user id');
    expect(checkValue(fact('User', { multiple: true }), user)).toEqual({ ok: true, value: [user] });
  });
});

describe('File values', () => {
  const a = '00000000-0000-4000-8000-00000000000a';
  const b = '00000000-0000-4000-8000-00000000000b';
  const ref = { fileId: b, fileName: 'b.pdf', size: 3, contentType: 'application/pdf' };

  it('take the ids of the files to keep, as ids or as stored refs', () => {
    expect(checkValue(fact('File'), [a, ref])).toEqual({ ok: true, value: [a, b] });
    expect(checkValue(fact('File'), [])).toEqual({ ok: true, value: null });
    expect(message(fact('File'), 'x')).toBe('Must be a list of file ids');
    expect(message(fact('File'), ['x'])).toBe('Must be a list of file ids');
    expect(message(fact('File'), [a, a])).toBe('A file is listed twice');
  });

  it('read stored refs, leaving out anything malformed', () => {
    expect(fileRefsOf([ref, { fileId: 'x' }, 3])).toEqual([ref]);
    expect(fileRefsOf('x')).toEqual([]);
  });

  it('check an upload against the accepted types and size', () => {
    const pdf = { name: 'Plan.PDF', type: 'application/pdf', size: 2_000_000 };
    expect(fileOptionsError({}, pdf)).toBeNull();
    expect(fileOptionsError({ acceptedTypes: ['.pdf'] }, pdf)).toBeNull();
    expect(fileOptionsError({ acceptedTypes: ['application/*'] }, pdf)).toBeNull();
    expect(fileOptionsError({ acceptedTypes: ['image/*', '.dwg'] }, pdf)).toBe(
      'Plan.PDF is not an accepted type (image/*, .dwg)',
    );
    expect(fileOptionsError({ maxSizeMb: 1 }, pdf)).toBe('Plan.PDF is 2.00 MB; at most 1 MB');
  });
});
