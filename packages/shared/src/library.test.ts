import { describe, expect, it } from 'vitest';
import {
  LibraryListQuery,
  PropertyDefinition,
  PropertyEntryInput,
  propertyDefinitionOf,
  StageEntryInput,
  TaskEntryInput,
} from './library.ts';

/** The issues of a failed parse as `path: message` lines. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const property = (fieldType: string, renderOptions?: unknown) =>
  PropertyEntryInput.safeParse({ name: 'Attachment Height', fieldType, renderOptions });

describe('render options per field type', () => {
  it('fills empty options for field types that need none', () => {
    for (const fieldType of [
      'Text',
      'TextArea',
      'Number',
      'Date',
      'Checkbox',
      'Email',
      'Phone',
      'File',
      'User',
    ]) {
      const result = property(fieldType);
      expect(result.success, fieldType).toBe(true);
      expect(result.data?.renderOptions).toEqual({});
    }
  });

  it('accepts a full set of options for each field type', () => {
    const valid: [string, unknown][] = [
      ['Text', { placeholder: 'e.g. 18 ft 6 in', maxLength: 80 }],
      ['TextArea', { maxLength: 4000 }],
      ['Number', { unit: 'ft', min: 0, max: 120, decimals: 1 }],
      ['Checkbox', { defaultChecked: true }],
      [
        'Radio',
        {
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
        },
      ],
      ['Dropdown', { options: [{ value: 'comm', label: 'Communication' }] }],
      ['File', { acceptedTypes: ['.pdf', 'image/*', 'application/vnd.ms-excel'], maxSizeMb: 25 }],
      ['User', { multiple: true }],
      ['Expression', { formula: '{Pole Count} * {Fee per Pole}', resultType: 'Number' }],
    ];
    for (const [fieldType, options] of valid) {
      expect(property(fieldType, options).success, fieldType).toBe(true);
    }
  });

  it('names the option and the field of duplicate or blank choices', () => {
    const result = property('Dropdown', {
      options: [
        { value: 'a', label: 'Aerial' },
        { value: 'A', label: 'Underground' },
        { value: 'b', label: ' aerial ' },
        { value: '', label: 'Blank' },
      ],
    });
    expect(issues(result)).toEqual([
      'renderOptions.options.3.value: Required',
      'renderOptions.options.1.value: Another option has this value',
      'renderOptions.options.2.label: Another option has this label',
    ]);
  });

  it('needs at least one choice for Radio and Dropdown', () => {
    expect(issues(property('Radio', { options: [] }))).toEqual([
      'renderOptions.options: Add at least one option',
    ]);
    expect(issues(property('Dropdown'))[0]).toMatch(/^renderOptions: /);
  });

  it('keeps the minimum of a number at or below its maximum', () => {
    expect(issues(property('Number', { min: 10, max: 5 }))).toEqual([
      'renderOptions.max: Must not be below the minimum',
    ]);
    expect(property('Number', { min: 5, max: 5 }).success).toBe(true);
    expect(issues(property('Number', { decimals: 11 }))).toEqual(['renderOptions.decimals: At most 10']);
  });

  it('refuses options that belong to another field type', () => {
    expect(issues(property('Text', { options: [] }))).toEqual(['renderOptions: Unrecognized key: "options"']);
    expect(issues(property('Date', { unit: 'ft' }))).toEqual(['renderOptions: Unrecognized key: "unit"']);
  });

  it('checks file types and sizes', () => {
    expect(issues(property('File', { acceptedTypes: ['pdf'], maxSizeMb: 0 }))).toEqual([
      'renderOptions.acceptedTypes.0: Use an extension like .pdf or a type like image/*',
      'renderOptions.maxSizeMb: Must be above 0',
    ]);
  });

  it('parses the formula of an Expression and says where it fails', () => {
    expect(issues(property('Expression', { formula: '{Pole Count} *', resultType: 'Number' }))).toEqual([
      'renderOptions.formula: The formula ends too early at position 15',
    ]);
    expect(issues(property('Expression', { formula: '1', resultType: 'Boolean' }))[0]).toMatch(
      /^renderOptions.resultType: /,
    );
  });

  it('refuses an unknown field type by naming the field', () => {
    expect(issues(property('Signature'))[0]).toMatch(/^fieldType: Invalid discriminator value/);
  });
});

describe('entry bodies', () => {
  it('trims names and refuses blank ones, over-long ones and braces', () => {
    expect(StageEntryInput.parse({ name: '  Make Ready  ' }).name).toBe('Make Ready');
    expect(issues(StageEntryInput.safeParse({ name: '   ' }))).toEqual(['name: Required']);
    expect(issues(StageEntryInput.safeParse({ name: 'x'.repeat(121) }))).toEqual([
      'name: At most 120 characters',
    ]);
    expect(issues(PropertyEntryInput.safeParse({ name: 'A {b}', fieldType: 'Text' }))).toEqual([
      'name: Braces { } are not allowed in names',
    ]);
  });

  it('takes a whole, non-negative default duration for tasks', () => {
    expect(TaskEntryInput.parse({ name: 'Field survey', defaultDurationDays: 10 }).defaultDurationDays).toBe(
      10,
    );
    expect(
      TaskEntryInput.parse({ name: 'Field survey', defaultDurationDays: null }).defaultDurationDays,
    ).toBeNull();
    expect(issues(TaskEntryInput.safeParse({ name: 'Field survey', defaultDurationDays: -1 }))).toEqual([
      'defaultDurationDays: At least 0',
    ]);
  });

  it('lists Active entries by name, 25 at a time, by default', () => {
    expect(LibraryListQuery.parse({})).toMatchObject({
      status: 'Active',
      sortBy: 'name',
      sortDir: 'asc',
      page: 1,
      pageSize: 25,
      application: 'JointUse',
    });
  });

  it('reads a stored property back into its typed definition', () => {
    const definition = propertyDefinitionOf({ fieldType: 'User', renderOptions: { multiple: true } });
    expect(definition).toEqual({ fieldType: 'User', renderOptions: { multiple: true } });
    expect(propertyDefinitionOf({ fieldType: null, renderOptions: null })).toBeNull();
    expect(PropertyDefinition.safeParse({ fieldType: 'Radio', renderOptions: {} }).success).toBe(false);
  });
});
