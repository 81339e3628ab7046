import { describe, expect, it } from 'vitest';
import { propertyFact } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';

const fact = propertyFact;

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
