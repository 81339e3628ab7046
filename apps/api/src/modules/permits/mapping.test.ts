import { WorkflowDefinition, type WorkflowDefinitionInput } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { ENTRY, id, stage, task } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { buildMapping, changedPairs, describeMapping } from './mapping.ts';
import { migratePermitState, type PermitSnapshot, placementsOf, type StoredValue } from './transform.ts';

const define = (input: WorkflowDefinitionInput) => WorkflowDefinition.parse(input);
const NOW = new Date('2026-05-04T12:00:00Z');

// Two reviews on the same library entry, then a survey stage.
const source = define({
  stages: [
    stage(id(1), 'Intake', [
      task(id(11), 'First Review', {
        libraryEntryId: ENTRY.review,
        properties: [{ libraryEntryId: ENTRY.poleCount, required: true }],
      }),
      task(id(12), 'Second Review', {
        libraryEntryId: ENTRY.review,
        properties: [{ libraryEntryId: ENTRY.photos, required: false }],
      }),
    ]),
    stage(
      id(2),
      'Survey',
      [
        task(id(21), 'Field Walk', {
          libraryEntryId: ENTRY.walk,
          properties: [{ libraryEntryId: ENTRY.height, required: false }],
        }),
      ],
      { libraryEntryId: ENTRY.survey },
    ),
  ],
  applicationForm: [{ libraryEntryId: ENTRY.poleCount, required: true }],
});

// The first review is gone; the second keeps its key; the walk is a new task on the same entry.
const target = define({
  stages: [
    stage(id(1), 'Intake', [
      task(id(12), 'Review', {
        libraryEntryId: ENTRY.review,
        properties: [{ libraryEntryId: ENTRY.poleCount, required: true }],
      }),
    ]),
    stage(
      id(3),
      'Survey',
      [
        task(id(31), 'Walk', { libraryEntryId: ENTRY.walk }),
        task(id(32), 'Design', { libraryEntryId: ENTRY.design }),
      ],
      { libraryEntryId: ENTRY.survey },
    ),
  ],
});

describe('the default mapping', () => {
  it('pairs the same key and entry first, then the first unused item on the same entry', () => {
    const { mapping, issues } = buildMapping(source, target);
    expect(issues).toEqual([]);
    expect(Object.fromEntries(mapping.tasks)).toEqual({ [id(11)]: null, [id(12)]: id(12), [id(21)]: id(31) });
    expect(Object.fromEntries(mapping.stages)).toEqual({ [id(1)]: id(1), [id(2)]: id(3) });
    expect(changedPairs(mapping.tasks)).toEqual({ [id(11)]: null, [id(21)]: id(31) });
  });

  it('describes each source item with its target, and what is new on the target', () => {
    const described = describeMapping(source, target, buildMapping(source, target).mapping);
    expect(described.tasks).toEqual([
      { sourceKey: id(11), sourceName: 'First Review', targetKey: null, targetName: null },
      { sourceKey: id(12), sourceName: 'Second Review', targetKey: id(12), targetName: 'Review' },
      { sourceKey: id(21), sourceName: 'Field Walk', targetKey: id(31), targetName: 'Walk' },
    ]);
    expect(described.newStages).toEqual([]);
    expect(described.newTasks).toEqual([{ key: id(32), name: 'Design', stageKey: id(3) }]);
  });
});

describe('an explicit mapping', () => {
  it('wins over the default, which fills in around it', () => {
    const { mapping } = buildMapping(source, target, { tasks: { [id(11)]: id(12), [id(21)]: null } });
    expect(Object.fromEntries(mapping.tasks)).toEqual({ [id(11)]: id(12), [id(12)]: null, [id(21)]: null });
  });

  it('names each key that does not fit', () => {
    const { issues } = buildMapping(source, target, {
      stages: { [id(9)]: id(1) },
      tasks: { [id(11)]: id(12), [id(12)]: id(12), [id(21)]: id(99) },
    });
    expect(issues).toEqual([
      { field: `body.mapping.stages.${id(9)}`, message: "The permits' version has no stage with this key" },
      { field: `body.mapping.tasks.${id(12)}`, message: `Another task is already mapped to ${id(12)}` },
      {
        field: `body.mapping.tasks.${id(21)}`,
        message: `The target version has no task with the key ${id(99)}`,
      },
    ]);
  });
});

const value = (taskKey: string | null, propertyEntryId: string, v: unknown): StoredValue => ({
  taskKey,
  propertyEntryId,
  value: v,
  updatedBy: null,
  updatedAt: NOW,
});

describe("a permit's values on the target", () => {
  const { mapping } = buildMapping(source, target);
  const migrate = (values: StoredValue[]) => {
    const snapshot: PermitSnapshot = { stages: [], tasks: [], values };
    return migratePermitState(target, mapping, placementsOf(target), snapshot, NOW);
  };

  it('follow their task, move to where the target still has the property, or are dropped', () => {
    const state = migrate([
      value(null, ENTRY.poleCount, 12),
      value(id(11), ENTRY.poleCount, 13),
      value(id(12), ENTRY.photos, 'photo.jpg'),
      value(id(21), ENTRY.height, 24.5),
    ]);
    // The form's pole count has no place on the target's form: it moves to the review, which the first
    // review's pole count then finds taken.
    expect(state.values).toEqual([value(id(12), ENTRY.poleCount, 12)]);
    expect(state.dropped).toEqual([
      value(id(11), ENTRY.poleCount, 13),
      value(id(12), ENTRY.photos, 'photo.jpg'),
      value(id(21), ENTRY.height, 24.5),
    ]);
    expect(state.valuesChanged).toBe(true);
  });

  it('are left alone when each stays where it was', () => {
    expect(migrate([value(id(12), ENTRY.poleCount, 3)]).valuesChanged).toBe(false);
  });
});
