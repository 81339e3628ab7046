import type { StagePropertyValue } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  buildSave,
  fieldsOf,
  formErrors,
  hasErrors,
  isDirty,
  serverFieldErrors,
  valuesOf,
} from './property-form';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const F = '33333333-3333-4333-8333-333333333333';
const E = '44444444-4444-4444-8444-444444444444';

const property = (overrides: Partial<StagePropertyValue>): StagePropertyValue => ({
  libraryEntryId: A,
  name: 'Pole height',
  fieldType: 'Number',
  renderOptions: { unit: 'ft' },
  required: true,
  value: null,
  updatedAt: null,
  ...overrides,
});

const properties = [
  property({ libraryEntryId: A, value: 40 }),
  property({
    libraryEntryId: B,
    name: 'Notes',
    fieldType: 'Text',
    renderOptions: null,
    required: false,
    value: 'x',
  }),
  property({
    libraryEntryId: F,
    name: 'Plans',
    fieldType: 'File',
    renderOptions: null,
    required: false,
    value: [
      { fileId: 'f1', fileName: 'a.pdf', size: 1 },
      { fileId: 'f2', fileName: 'b.pdf', size: 2 },
    ],
  }),
  property({
    libraryEntryId: E,
    name: 'Total',
    fieldType: 'Expression',
    renderOptions: { formula: '{Pole height} * 2', resultType: 'Number' },
    value: 80,
  }),
  property({ libraryEntryId: 'gone', fieldType: null }),
];

const file = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

describe('property forms', () => {
  it('leaves out entries that are no longer properties', () => {
    expect(fieldsOf(properties).map((field) => field.name)).toEqual([
      'Pole height',
      'Notes',
      'Plans',
      'Total',
    ]);
  });

  it('sends only what changed, with the files kept and the files to upload', () => {
    const fields = fieldsOf(properties);
    const initial = valuesOf(properties);
    expect(isDirty(fields, initial, initial, {})).toBe(false);
    const values = { ...initial, [A]: 41, [F]: [{ fileId: 'f2', fileName: 'b.pdf', size: 2 }], [E]: 99 };
    const upload = file('c.pdf');
    expect(isDirty(fields, initial, values, {})).toBe(true);
    expect(isDirty(fields, initial, initial, { [F]: [upload] })).toBe(true);
    expect(buildSave(fields, initial, values, { [F]: [upload] })).toEqual({
      values: [
        { propertyEntryId: A, value: 41 },
        { propertyEntryId: F, value: ['f2'] },
      ],
      files: [{ propertyEntryId: F, file: upload }],
    });
  });

  it('checks every field', () => {
    const fields = fieldsOf(properties);
    const errors = formErrors(fields, { ...valuesOf(properties), [A]: null }, {});
    expect(errors[A]).toBe('Required');
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(formErrors(fields, valuesOf(properties), {}))).toBe(false);
  });

  it("puts the server's messages under the fields they name", () => {
    const fields = fieldsOf(properties);
    const sent = [
      { propertyEntryId: B, value: 'y' },
      { propertyEntryId: A, value: -1 },
    ];
    expect(
      serverFieldErrors(
        [
          { field: 'body.values.1.value', message: 'At least 0' },
          { field: `file:${F}`, message: 'Not an accepted type' },
          { field: 'body', message: 'Something else' },
        ],
        sent,
        fields,
      ),
    ).toEqual({ [A]: 'At least 0', [F]: 'Not an accepted type' });
  });
});
