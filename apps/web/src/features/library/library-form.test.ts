import type { LibraryEntry } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftFromEntry, emptyDraft, newChoice, validateDraft } from './library-form';
import { describeRenderOptions } from './render-options-summary';

const entry = (patch: Partial<LibraryEntry>): LibraryEntry => ({
  id: '5f0c6a2e-0000-4000-8000-000000000001',
  kind: 'property',
  application: 'JointUse',
  name: 'Attachment Height',
  description: null,
  status: 'Active',
  fieldType: 'Number',
  renderOptions: { unit: 'ft', min: 0, max: 120, decimals: 1 },
  defaultDurationDays: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  archivedAt: null,
  ...patch,
});

describe('the library entry form', () => {
  it('sends only the options of the chosen field type, leaving out empty fields', () => {
    const draft = { ...emptyDraft(), name: 'Clearance', fieldType: 'Number' as const };
    draft.number = { unit: 'in', min: 0, max: '', decimals: '' };
    draft.text = { placeholder: 'left over', maxLength: 10 };
    expect(bodyOf('property', draft)).toEqual({
      name: 'Clearance',
      description: null,
      fieldType: 'Number',
      renderOptions: { unit: 'in', min: 0 },
    });
    expect(bodyOf('stage', draft)).toEqual({ name: 'Clearance', description: null });
    expect(bodyOf('task', { ...draft, defaultDurationDays: '' })).toMatchObject({
      defaultDurationDays: null,
    });
  });

  it('checks the draft by the API rules, keyed by field path', () => {
    const draft = { ...emptyDraft(), fieldType: 'Dropdown' as const };
    draft.choices = [newChoice('Aerial'), newChoice('aerial', 'b')];
    const result = validateDraft('property', draft);
    expect(result.errors).toEqual({
      name: 'Required',
      'renderOptions.options.1.label': 'Another option has this label',
    });
    draft.name = 'Route';
    draft.choices = [newChoice('Aerial'), newChoice('Underground')];
    expect(validateDraft('property', draft).body).toEqual({
      name: 'Route',
      description: null,
      fieldType: 'Dropdown',
      renderOptions: {
        options: [
          { value: 'Aerial', label: 'Aerial' },
          { value: 'Underground', label: 'Underground' },
        ],
      },
    });
  });

  it('reports a formula that does not parse under the formula', () => {
    const draft = { ...emptyDraft(), name: 'Fee', fieldType: 'Expression' as const };
    draft.expression = { formula: '{Pole Count} *', resultType: 'Number' };
    expect(validateDraft('property', draft).errors).toEqual({
      'renderOptions.formula': 'The formula ends too early at position 15',
    });
  });

  it('fills the form from an entry and sends back what it read', () => {
    const stored = entry({});
    const draft = draftFromEntry(stored);
    expect(draft.number).toEqual({ unit: 'ft', min: 0, max: 120, decimals: 1 });
    expect(bodyOf('property', draft)).toEqual({
      name: 'Attachment Height',
      description: null,
      fieldType: 'Number',
      renderOptions: stored.renderOptions,
    });
    const choices = draftFromEntry(
      entry({ fieldType: 'Radio', renderOptions: { options: [{ value: 'y', label: 'Yes' }] } }),
    );
    expect(choices.choices.map(({ value, label, valueEdited }) => ({ value, label, valueEdited }))).toEqual([
      { value: 'y', label: 'Yes', valueEdited: true },
    ]);
  });

  it('sums up render options for the table', () => {
    expect(describeRenderOptions(entry({}))).toBe('ft · 0 to 120 · 1 decimal');
    expect(
      describeRenderOptions(
        entry({ fieldType: 'File', renderOptions: { acceptedTypes: ['.pdf'], maxSizeMb: 5 } }),
      ),
    ).toBe('.pdf · up to 5 MB');
    expect(describeRenderOptions(entry({ fieldType: 'Date', renderOptions: {} }))).toBe('');
  });
});
