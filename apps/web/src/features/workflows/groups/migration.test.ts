import type {
  MappedItem,
  PermitMigrationResult,
  TemplatePermit,
  WorkflowTemplateGroup,
  WorkflowTemplateVersion,
} from '@crossarm/shared';
import { permitsText } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { id, KEY, sampleDefinition } from '../../../../../../packages/shared/src/workflow-fixtures.ts';
import {
  canMovePermitsFrom,
  choiceKey,
  DROP,
  inlineMigrationErrors,
  type MigrationChoice,
  matchesPermitSearch,
  migrationBody,
  migrationTargets,
  NO_OVERRIDES,
  selectedTarget,
  takenTargets,
  targetOfValue,
  targetOptions,
  withOverride,
} from './migration-plan';
import { movedMessage, previewHeadline, summarisePreview, valueText } from './migration-summary';

const version = (n: number, status: WorkflowTemplateVersion['status']): WorkflowTemplateVersion => ({
  id: id(900 + n),
  version: n,
  status,
  stageCount: 2,
  taskCount: 4,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  publishedAt: status === 'Published' ? '2026-01-02T00:00:00Z' : null,
});

/** Versions newest first, as the API lists them: a draft 4 over published 3, 2 and 1. */
const group: WorkflowTemplateGroup = {
  id: id(800),
  projectId: id(700),
  name: 'Pole Attachment Application',
  status: 'Active',
  currentVersionId: id(903),
  versions: [version(4, 'Draft'), version(3, 'Published'), version(2, 'Published'), version(1, 'Published')],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const [draft, v3, v2, v1] = group.versions as [
  WorkflowTemplateVersion,
  WorkflowTemplateVersion,
  WorkflowTemplateVersion,
  WorkflowTemplateVersion,
];

const choice = (fields: Partial<MigrationChoice> = {}): MigrationChoice => ({
  targetTemplateId: v3.id,
  permitIds: null,
  overrides: NO_OVERRIDES,
  ...fields,
});

describe('which versions offer moving their permits, and where to', () => {
  it('offers it on an older published version with permits only', () => {
    expect(canMovePermitsFrom(group, v1, 5)).toBe(true);
    expect(canMovePermitsFrom(group, v2, 1)).toBe(true);
    expect(canMovePermitsFrom(group, v1, 0)).toBe(false);
    expect(canMovePermitsFrom(group, v1, undefined)).toBe(false);
    expect(canMovePermitsFrom(group, v3, 5)).toBe(false);
    expect(canMovePermitsFrom(group, draft, 5)).toBe(false);
  });

  it('lists the other published versions, latest first and marked', () => {
    expect(migrationTargets(group, v1.id)).toEqual([
      { value: v3.id, label: 'Version 3 (latest)' },
      { value: v2.id, label: 'Version 2' },
    ]);
    expect(migrationTargets(group, v2.id).map((target) => target.value)).toEqual([v3.id, v1.id]);
  });
});

describe('the body of the migrate call', () => {
  it('sends only the target and the flag when everything is left to the server', () => {
    expect(migrationBody(choice(), true)).toEqual({ targetTemplateId: v3.id, preview: true });
    expect(migrationBody(choice(), false)).toEqual({ targetTemplateId: v3.id, preview: false });
  });

  it('sends the chosen permits and only the kinds of mapping the user changed', () => {
    let overrides = withOverride(NO_OVERRIDES, 'tasks', KEY.design, null);
    overrides = withOverride(overrides, 'tasks', KEY.approve, KEY.design);
    const body = migrationBody(choice({ permitIds: [id(2), id(1)], overrides }), true);
    expect(body).toEqual({
      targetTemplateId: v3.id,
      preview: true,
      permitIds: [id(1), id(2)],
      mapping: { tasks: { [KEY.approve]: KEY.design, [KEY.design]: null } },
    });
    expect(NO_OVERRIDES).toEqual({ stages: {}, tasks: {} });
  });

  it('keeps a stage override apart from the tasks', () => {
    const overrides = withOverride(NO_OVERRIDES, 'stages', KEY.survey, null);
    expect(migrationBody(choice({ overrides }), true).mapping).toEqual({ stages: { [KEY.survey]: null } });
  });

  it('reads the drop choice of a select as null', () => {
    expect(targetOfValue(DROP)).toBeNull();
    expect(targetOfValue(KEY.walk)).toBe(KEY.walk);
  });

  it('sees the same choice however it was reached, so a preview stays current', () => {
    const a = withOverride(withOverride(NO_OVERRIDES, 'tasks', KEY.walk, null), 'tasks', KEY.design, null);
    const b = withOverride(withOverride(NO_OVERRIDES, 'tasks', KEY.design, null), 'tasks', KEY.walk, null);
    expect(choiceKey(choice({ overrides: a, permitIds: [id(1), id(2)] }))).toBe(
      choiceKey(choice({ overrides: b, permitIds: [id(2), id(1)] })),
    );
    expect(choiceKey(choice({ overrides: a }))).not.toBe(choiceKey(choice()));
    expect(choiceKey(choice({ targetTemplateId: v2.id }))).not.toBe(choiceKey(choice()));
  });
});

describe('the mapping selects', () => {
  const definition = sampleDefinition();
  const item: MappedItem = {
    sourceKey: KEY.design,
    sourceName: 'Design',
    targetKey: KEY.design,
    targetName: 'Design',
  };

  it('offers the target tasks under their stages, then Drop', () => {
    const options = targetOptions(definition, 'tasks', new Set([KEY.walk]));
    expect(options.map((option) => option.group)).toEqual(['Intake', 'Survey', 'Or']);
    expect(options[1]!.items).toEqual([
      { value: KEY.walk, label: 'Field Walk', disabled: true },
      { value: KEY.design, label: 'Design', disabled: false },
      { value: KEY.approve, label: 'Approve', disabled: false },
    ]);
    expect(options[2]!.items).toEqual([{ value: DROP, label: 'Drop', disabled: false }]);
    expect(targetOptions(definition, 'stages', new Set())[0]!.items.map((o) => o.label)).toEqual([
      'Intake',
      'Survey',
    ]);
  });

  it('disables targets other overrides took, not the item’s own', () => {
    let overrides = withOverride(NO_OVERRIDES, 'tasks', KEY.walk, KEY.approve);
    overrides = withOverride(overrides, 'tasks', KEY.design, KEY.walk);
    overrides = withOverride(overrides, 'tasks', KEY.review, null);
    expect([...takenTargets(overrides, 'tasks', KEY.design)]).toEqual([KEY.approve]);
    expect(takenTargets(overrides, 'stages', KEY.design).size).toBe(0);
  });

  it('shows the override when there is one, else the server’s pairing', () => {
    expect(selectedTarget(NO_OVERRIDES, 'tasks', item)).toBe(KEY.design);
    expect(selectedTarget(NO_OVERRIDES, 'tasks', { ...item, targetKey: null })).toBe(DROP);
    const dropped = withOverride(NO_OVERRIDES, 'tasks', KEY.design, null);
    expect(selectedTarget(dropped, 'tasks', item)).toBe(DROP);
    const moved = withOverride(NO_OVERRIDES, 'tasks', KEY.design, KEY.approve);
    expect(selectedTarget(moved, 'tasks', item)).toBe(KEY.approve);
  });
});

describe('problems the server found with a migration', () => {
  it('shows the target and mapping problems beside their fields', () => {
    expect(
      inlineMigrationErrors({
        targetTemplateId: 'Version 3 is a draft',
        [`mapping.tasks.${KEY.walk}`]: 'Another task is already mapped to x',
        [`mapping.stages.${KEY.survey}`]: 'No such stage',
      }),
    ).toEqual({
      target: 'Version 3 is a draft',
      stages: { [KEY.survey]: 'No such stage' },
      tasks: { [KEY.walk]: 'Another task is already mapped to x' },
    });
  });

  it('leaves anything else to the notification', () => {
    expect(inlineMigrationErrors({})).toBeNull();
    expect(inlineMigrationErrors({ 'permitIds.0': 'Not a permit on this version' })).toBeNull();
  });
});

describe('the permit picker’s filter', () => {
  const permit: TemplatePermit = {
    id: id(1),
    permitNumber: 'NEC-JU-000004',
    applicant: { id: id(2), name: 'Valley Cable' },
    status: 'Active',
    activeStage: { key: KEY.intake, name: 'Application Review' },
    createdAt: '2026-01-01T00:00:00Z',
  };

  it('matches the number, applicant or stage, ignoring case and spaces around', () => {
    expect(matchesPermitSearch(permit, '')).toBe(true);
    expect(matchesPermitSearch(permit, ' 000004 ')).toBe(true);
    expect(matchesPermitSearch(permit, 'valley')).toBe(true);
    expect(matchesPermitSearch(permit, 'review')).toBe(true);
    expect(matchesPermitSearch(permit, 'ridgeline')).toBe(false);
    expect(matchesPermitSearch({ ...permit, activeStage: null }, 'review')).toBe(false);
  });
});

/** A preview of moving three permits, one skipped, with a renamed, a dropped and a new task. */
function previewResult(fields: Partial<PermitMigrationResult> = {}): PermitMigrationResult {
  const mapped = (from: string, name: string, to: string | null, toName: string | null): MappedItem => ({
    sourceKey: from,
    sourceName: name,
    targetKey: to,
    targetName: toName,
  });
  const landed = (n: number, stage: string | null, dropped: [string, unknown][] = []) => ({
    permitId: id(n),
    permitNumber: `NEC-JU-00000${n}`,
    activeStage: stage ? { key: id(50), name: stage } : null,
    droppedValues: dropped.map(([propertyName, value]) => ({
      taskKey: KEY.design,
      propertyEntryId: id(60),
      propertyName,
      value,
    })),
    droppedAssignments: [],
  });
  return {
    preview: true,
    sourceTemplateId: v1.id,
    targetTemplateId: v3.id,
    mapping: {
      stages: [
        mapped(KEY.intake, 'Intake', KEY.intake, 'Intake'),
        mapped(KEY.survey, 'Survey', KEY.survey, 'Survey'),
      ],
      tasks: [
        mapped(KEY.review, 'Completeness Review', KEY.review, 'Application Review'),
        mapped(KEY.walk, 'Field Walk', KEY.walk, 'Field Walk'),
        mapped(KEY.design, 'Design', null, null),
        mapped(KEY.approve, 'Approve', KEY.approve, 'Approve'),
      ],
    },
    newStages: [{ key: id(3), name: 'Construction' }],
    newTasks: [{ key: id(31), name: 'Build', stageKey: id(3) }],
    permits: [
      landed(1, 'Intake'),
      landed(2, 'Survey', [
        ['Attachment Height', 24.5],
        ['Photos', ['a.jpg', 'b.jpg']],
      ]),
      landed(3, 'Survey', [['Attachment Height', 30]]),
    ],
    skipped: [{ permitId: id(4), permitNumber: 'NEC-JU-000004', reason: 'Completed permits stay.' }],
    counts: { migrated: 3, skipped: 1, droppedValues: 3 },
    ...fields,
  };
}

describe('the summary of a preview', () => {
  it('counts what carries over, what is dropped and what is new', () => {
    const summary = summarisePreview(previewResult());
    expect(summary).toMatchObject({
      moving: 3,
      skipped: 1,
      droppedValues: 3,
      stages: { kept: 2, renamed: 0, dropped: 0, added: 1 },
      tasks: { kept: 2, renamed: 1, dropped: 1, added: 1 },
      partial: false,
    });
  });

  it('tells where the permits land, most first, and finished ones as such', () => {
    const result = previewResult();
    result.permits.push({ ...result.permits[0]!, permitId: id(5), activeStage: null });
    expect(summarisePreview(result).landing).toEqual([
      { stageName: 'Survey', count: 2 },
      { stageName: 'Finished', count: 1 },
      { stageName: 'Intake', count: 1 },
    ]);
  });

  it('groups the dropped values by property with the permits that lose them', () => {
    expect(summarisePreview(previewResult()).droppedByProperty).toEqual([
      { propertyName: 'Attachment Height', count: 2, permitNumbers: ['NEC-JU-000002', 'NEC-JU-000003'] },
      { propertyName: 'Photos', count: 1, permitNumbers: ['NEC-JU-000002'] },
    ]);
  });

  it('knows when the server listed only some of the permits', () => {
    const result = previewResult({ counts: { migrated: 1500, skipped: 0, droppedValues: 3 } });
    expect(summarisePreview(result).partial).toBe(true);
  });

  it('says in one sentence what would happen', () => {
    expect(previewHeadline(summarisePreview(previewResult()), 3)).toBe(
      '3 permits would move to version 3; 1 would be skipped.',
    );
    const none = previewResult({ permits: [], counts: { migrated: 0, skipped: 2, droppedValues: 0 } });
    expect(previewHeadline(summarisePreview(none), 3)).toBe(
      'No permit can move to version 3; 2 would be skipped.',
    );
    const one = previewResult({ counts: { migrated: 1, skipped: 0, droppedValues: 0 } });
    expect(previewHeadline(summarisePreview(one), 2)).toBe('1 permit would move to version 2.');
  });

  it('words the notification after a move', () => {
    expect(movedMessage(previewResult({ preview: false }), 3)).toBe(
      '3 permits now run on version 3. 1 permit stayed where it was.',
    );
    const one = previewResult({ counts: { migrated: 1, skipped: 0, droppedValues: 0 } });
    expect(movedMessage(one, 2)).toBe('1 permit now runs on version 2.');
  });

  it('shows dropped values as short text', () => {
    expect(valueText(24.5)).toBe('24.5');
    expect(valueText(['a.jpg', 'b.jpg'])).toBe('a.jpg, b.jpg');
    expect(valueText(null)).toBe('—');
    expect(valueText(true)).toBe('true');
    expect(valueText({ lat: 1 })).toBe('{"lat":1}');
    expect(valueText('x'.repeat(100))).toHaveLength(80);
    expect(permitsText(1)).toBe('1 permit');
  });
});
