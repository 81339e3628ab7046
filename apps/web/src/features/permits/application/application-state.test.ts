import { describe, expect, it } from 'vitest';
import type { FieldProperty } from '../fields/field-values';
import {
  applicationErrors,
  applicationFormData,
  draftInput,
  formFields,
  LOCATION_KEY,
  POLES_KEY,
  serverFieldErrors,
  snapshotOf,
  stateFromDraft,
  valuesToSend,
} from './application-state';

const ID = {
  count: '00000000-0000-4000-8000-000000000001',
  note: '00000000-0000-4000-8000-000000000002',
  plans: '00000000-0000-4000-8000-000000000003',
  total: '00000000-0000-4000-8000-000000000004',
  agree: '00000000-0000-4000-8000-000000000005',
};
const PROJECT = '00000000-0000-4000-8000-0000000000aa';

const field = (
  propertyEntryId: string,
  fieldType: FieldProperty['fieldType'],
  extra = {},
): FieldProperty => ({
  propertyEntryId,
  name: fieldType,
  fieldType,
  renderOptions: fieldType === 'Number' ? { decimals: 0 } : {},
  required: false,
  ...extra,
});

const fields = [
  field(ID.count, 'Number', { required: true }),
  field(ID.note, 'Text'),
  field(ID.plans, 'File', { required: true }),
  field(ID.total, 'Expression'),
  field(ID.agree, 'Checkbox', { required: true }),
];

describe('application values', () => {
  it('sends filled-in values only, never files or computed ones', () => {
    expect(valuesToSend(fields, { [ID.count]: 3, [ID.note]: '  ', [ID.total]: 9, [ID.agree]: true })).toEqual(
      [
        { propertyEntryId: ID.count, value: 3 },
        { propertyEntryId: ID.agree, value: true },
      ],
    );
  });

  it('checks every field as the server would, counting chosen files', () => {
    expect(applicationErrors(fields, { [ID.count]: 2.5 }, {})).toEqual({
      [ID.count]: 'Must be a whole number',
      [ID.plans]: 'Required',
      [ID.agree]: 'Required',
    });
    const file = new File(['x'], 'plan.pdf', { type: 'application/pdf' });
    expect(applicationErrors(fields, { [ID.count]: 2, [ID.agree]: true }, { [ID.plans]: [file] })).toEqual(
      {},
    );
  });

  it('leaves out properties whose library entry is gone', () => {
    const form = {
      templateId: PROJECT,
      templateName: 'Attachments',
      templateVersion: 1,
      properties: [
        {
          propertyEntryId: ID.count,
          name: 'Count',
          fieldType: 'Number' as const,
          renderOptions: null,
          required: true,
          description: null,
        },
        {
          propertyEntryId: ID.note,
          name: 'Deleted property',
          fieldType: null,
          renderOptions: null,
          required: false,
          description: null,
        },
      ],
    };
    expect(formFields(form).map((f) => f.propertyEntryId)).toEqual([ID.count]);
  });
});

describe('serverFieldErrors', () => {
  it('puts each server error on the field it names', () => {
    const sent = [
      { propertyEntryId: ID.count, value: 'x' },
      { propertyEntryId: ID.note, value: 'y' },
    ];
    expect(
      serverFieldErrors(
        [
          { field: 'body.values.1.value', message: 'At most 5 characters' },
          { field: `body.values.${ID.agree}`, message: 'Required' },
          { field: `body.file:${ID.plans}`, message: 'Not an accepted type' },
          { field: 'body.location', message: 'At most 500 characters' },
          { field: 'body.poleIds', message: 'Not on the project map: P9' },
          { field: 'body.projectId', message: 'Invalid' },
        ],
        sent,
      ),
    ).toEqual({
      [ID.note]: 'At most 5 characters',
      [ID.agree]: 'Required',
      [ID.plans]: 'Not an accepted type',
      [LOCATION_KEY]: 'At most 500 characters',
      [POLES_KEY]: 'Not on the project map: P9',
    });
  });
});

describe('drafts and applications', () => {
  const state = {
    projectId: PROJECT,
    location: ' Main St ',
    values: { [ID.count]: 2 },
    poleIds: ['P1', 'P2'],
  };

  it('saves a draft and opens it again as it was', () => {
    const input = draftInput(state, fields, null);
    expect(input).toEqual({
      projectId: PROJECT,
      templateId: null,
      location: 'Main St',
      poleIds: ['P1', 'P2'],
      values: [{ propertyEntryId: ID.count, value: 2 }],
    });
    const reopened = stateFromDraft({
      id: PROJECT,
      project: { id: PROJECT, name: 'P', code: 'P' },
      templateId: null,
      location: 'Main St',
      poleIds: ['P1', 'P2'],
      values: input.values ?? [],
      poleCount: 2,
      valueCount: 1,
      createdAt: '',
      updatedAt: '',
    });
    expect(snapshotOf(reopened)).toBe(snapshotOf(state));
    expect(snapshotOf({ ...state, values: { [ID.note]: '', [ID.count]: 2 } })).toBe(snapshotOf(state));
    expect(snapshotOf({ ...reopened, poleIds: ['P1'] })).not.toBe(snapshotOf(state));
  });

  it('builds the multipart application with files named by property', () => {
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    const { body, values } = applicationFormData(state, fields, PROJECT, { [ID.plans]: [file] });
    expect(values).toEqual([{ propertyEntryId: ID.count, value: 2 }]);
    expect(body.get('projectId')).toBe(PROJECT);
    expect(body.get('templateId')).toBe(PROJECT);
    expect(body.get('location')).toBe('Main St');
    expect(JSON.parse(String(body.get('poleIds')))).toEqual(['P1', 'P2']);
    expect(JSON.parse(String(body.get('values')))).toEqual(values);
    expect((body.get(`file:${ID.plans}`) as File).name).toBe('plan.pdf');
  });
});
