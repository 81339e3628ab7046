import { describe, expect, it } from 'vitest';
import {
  displayValue,
  type FieldProperty,
  fieldError,
  sameValue,
  storedFilesOf,
  valueToSend,
} from './field-values';

const property = (overrides: Partial<FieldProperty>): FieldProperty => ({
  propertyEntryId: '11111111-1111-4111-8111-111111111111',
  name: 'Field',
  fieldType: 'Text',
  renderOptions: null,
  required: false,
  ...overrides,
});

const USER = '22222222-2222-4222-8222-222222222222';

describe('fieldError', () => {
  it('asks for required values and lets empty optional ones pass', () => {
    expect(fieldError(property({ required: true }), '  ')).toBe('Required');
    expect(fieldError(property({ required: true }), null)).toBe('Required');
    expect(fieldError(property({}), '')).toBeNull();
    expect(fieldError(property({ fieldType: 'Number' }), null)).toBeNull();
  });

  it('checks values exactly as the server does', () => {
    const number = property({ fieldType: 'Number', renderOptions: { min: 0, max: 10, decimals: 1 } });
    expect(fieldError(number, 11)).toBe('At most 10');
    expect(fieldError(number, -1)).toBe('At least 0');
    expect(fieldError(number, 1.25)).toBe('At most 1 decimals');
    expect(fieldError(number, 2.5)).toBeNull();
    expect(fieldError(property({ fieldType: 'Text', renderOptions: { maxLength: 3 } }), 'abcd')).toBe(
      'At most 3 characters',
    );
    expect(fieldError(property({ fieldType: 'Email' }), 'nobody')).not.toBeNull();
    expect(fieldError(property({ fieldType: 'Email' }), 'a@b.co')).toBeNull();
    expect(fieldError(property({ fieldType: 'Phone' }), '(555) 123-4')).toBe('Invalid phone number');
    expect(fieldError(property({ fieldType: 'Phone' }), '(555) 123-4567')).toBeNull();
    expect(fieldError(property({ fieldType: 'Date' }), '2026-02-30')).not.toBeNull();
    expect(fieldError(property({ fieldType: 'Date' }), '2026-02-28')).toBeNull();
    const choice = property({
      fieldType: 'Dropdown',
      renderOptions: { options: [{ value: 'a', label: 'A' }] },
    });
    expect(fieldError(choice, 'b')).toBe('Must be one of the options');
    expect(fieldError(choice, 'a')).toBeNull();
    expect(fieldError(property({ fieldType: 'User' }), USER)).toBeNull();
    expect(fieldError(property({ fieldType: 'User', renderOptions: { multiple: true } }), [USER, USER])).toBe(
      'A person is listed twice',
    );
  });

  it('counts a required checkbox as filled once either answer is given, as the server does', () => {
    const box = property({ fieldType: 'Checkbox', required: true });
    expect(fieldError(box, null)).toBe('Required');
    expect(fieldError(box, false)).toBeNull();
    expect(fieldError(box, true)).toBeNull();
  });

  it('counts stored and chosen files for a required File field and checks their type and size', () => {
    const file = property({
      fieldType: 'File',
      required: true,
      renderOptions: { acceptedTypes: ['.pdf', 'image/*'], maxSizeMb: 1 },
    });
    expect(fieldError(file, [])).toBe('Required');
    expect(fieldError(file, [{ fileId: 'f1', fileName: 'a.pdf', size: 3 }])).toBeNull();
    expect(fieldError(file, null, [{ name: 'plan.pdf', type: 'application/pdf', size: 10 }])).toBeNull();
    expect(fieldError(file, null, [{ name: 'notes.txt', type: 'text/plain', size: 10 }])).toMatch(
      /notes\.txt is not an accepted type/,
    );
    expect(fieldError(file, null, [{ name: 'photo.png', type: 'image/png', size: 2_000_000 }])).toMatch(
      /at most 1 MB/,
    );
  });

  it('never faults a computed value', () => {
    expect(
      fieldError(
        property({
          fieldType: 'Expression',
          required: true,
          renderOptions: { formula: '1', resultType: 'Number' },
        }),
        null,
      ),
    ).toBeNull();
  });
});

describe('file values', () => {
  it('reads stored refs and sends the ids to keep', () => {
    const value = [{ fileId: 'f1', fileName: 'a.pdf', size: 1 }, { junk: true }];
    expect(storedFilesOf(value)).toEqual([{ fileId: 'f1', fileName: 'a.pdf', size: 1 }]);
    expect(storedFilesOf('nope')).toEqual([]);
    expect(valueToSend({ fieldType: 'File' }, value)).toEqual(['f1']);
    expect(valueToSend({ fieldType: 'File' }, null)).toEqual([]);
  });
});

describe('valueToSend, sameValue and displayValue', () => {
  it('sends blank text as nothing', () => {
    expect(valueToSend({ fieldType: 'Text' }, '   ')).toBeNull();
    expect(valueToSend({ fieldType: 'Number' }, 0)).toBe(0);
    expect(valueToSend({ fieldType: 'Checkbox' }, undefined)).toBeNull();
  });

  it('treats every empty form as the same value', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue([], undefined)).toBe(true);
    expect(sameValue(['a'], ['a'])).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
  });

  it('reads values for people', () => {
    const choice = property({
      fieldType: 'Radio',
      renderOptions: { options: [{ value: 'a', label: 'Alpha' }] },
    });
    expect(displayValue(choice, 'a')).toBe('Alpha');
    expect(displayValue(property({ fieldType: 'Checkbox' }), false)).toBe('No');
    expect(displayValue(property({ fieldType: 'Number', renderOptions: { unit: 'ft' } }), 12)).toBe('12 ft');
    expect(displayValue(property({ fieldType: 'User' }), [USER], () => 'Ada')).toBe('Ada');
    expect(displayValue(property({}), null)).toBe('—');
  });
});
