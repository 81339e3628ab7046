import type { FieldType } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';
import { checkValue, type PropertyFacts } from './properties-values.ts';

const fact = (
  fieldType: FieldType,
  renderOptions: Record<string, unknown> = {},
  name = 'P',
): PropertyFacts => ({
  id: `${name}-id`,
  name,
  fieldType,
  renderOptions,
});
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

  it('clears with an empty value, and never takes files or expressions', () => {
    expect(checkValue(fact('Text', { maxLength: 2 }), '  ')).toEqual({ ok: true, value: null });
    expect(message(fact('Text', { maxLength: 2 }), 'abc')).toBe('At most 2 characters');
    expect(message(fact('File'), 'x')).toContain('uploaded as files');
    expect(message(fact('Expression', { formula: '1', resultType: 'Number' }), 1)).toContain('Computed');
  });

  it('takes one user id, or a list when several may be picked', () => {
    const user = '00000000-0000-4000-8000-000000000001';
    expect(checkValue(fact('User'), user)).toEqual({ ok: true, value: user });
    expect(message(fact('User'), [user])).toBe('Must be a user id');
    expect(checkValue(fact('User', { multiple: true }), user)).toEqual({ ok: true, value: [user] });
  });
});

describe('computing expressions', () => {
  it('follows expressions that refer to other expressions, and leaves failures empty', () => {
    const count = fact('Number', {}, 'Count');
    const double = fact('Expression', { formula: '{Count} * 2', resultType: 'Number' }, 'Double');
    const quad = fact('Expression', { formula: '{Double} * 2', resultType: 'Number' }, 'Quad');
    const bad = fact('Expression', { formula: '{Count} / 0', resultType: 'Number' }, 'Bad');
    const facts = new Map([count, double, quad, bad].map((f) => [f.id, f]));
    const definition = {
      stages: [],
      applicationForm: [quad, double, count, bad].map((f) => ({ libraryEntryId: f.id, required: false })),
    };
    const placements = expressionPlacements(definition, facts);
    const values = [
      { taskKey: null, propertyEntryId: count.id, value: 3, updatedBy: null, updatedAt: new Date() },
    ];
    const computed = computeExpressions(placements, values, facts);
    expect([...computed].map(([p, v]) => [p.propertyEntryId, v])).toEqual([
      [quad.id, 12],
      [double.id, 6],
      [bad.id, null],
    ]);
  });
});
