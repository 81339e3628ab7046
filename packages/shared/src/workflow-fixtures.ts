import type { FieldType } from './library.ts';
import type { PropertyFacts } from './permit-values.ts';
import {
  type TemplateStage,
  type TemplateTask,
  type Timer,
  WorkflowDefinition,
  type WorkflowDefinitionInput,
} from './workflow.ts';
import type { LibraryEntryFacts, PublishContext } from './workflow-validation.ts';

// Builders of small, valid workflow definitions for tests: each test changes only what it is about.

/** A fixed UUID per number, so tests read `id(3)` rather than random strings. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const ENTRY = {
  intake: id(101),
  survey: id(102),
  review: id(201),
  walk: id(202),
  design: id(203),
  approve: id(204),
  poleCount: id(301),
  height: id(302),
  photos: id(303),
} as const;

const facts = (entryId: string, kind: LibraryEntryFacts['kind'], name: string): LibraryEntryFacts => ({
  id: entryId,
  kind,
  name,
  status: 'Active',
  application: 'JointUse',
});

export const LIBRARY: LibraryEntryFacts[] = [
  facts(ENTRY.intake, 'stage', 'Intake'),
  facts(ENTRY.survey, 'stage', 'Survey'),
  facts(ENTRY.review, 'task', 'Completeness Review'),
  facts(ENTRY.walk, 'task', 'Field Walk'),
  facts(ENTRY.design, 'task', 'Design'),
  facts(ENTRY.approve, 'task', 'Approve'),
  facts(ENTRY.poleCount, 'property', 'Pole Count'),
  facts(ENTRY.height, 'property', 'Attachment Height'),
  facts(ENTRY.photos, 'property', 'Photos'),
];

/** The publish context over the test library, with entries changed or left out as a test needs. */
export function contextWith(
  change: (entries: LibraryEntryFacts[]) => LibraryEntryFacts[] = (entries) => entries,
  assignableUserIds?: Set<string>,
): PublishContext {
  const entries = change(LIBRARY.map((entry) => ({ ...entry })));
  return {
    libraryEntries: new Map(entries.map((entry) => [entry.id, entry])),
    application: 'JointUse',
    ...(assignableUserIds ? { assignableUserIds } : {}),
  };
}

export type EntryIds = Record<keyof typeof ENTRY, string>;

export function task(key: string, name: string, fields: Partial<TemplateTask> = {}): TemplateTask {
  return {
    key,
    libraryEntryId: ENTRY.review,
    name,
    required: true,
    dependsOn: [],
    properties: [],
    defaultAssignees: [],
    ...fields,
  };
}

export function stage(key: string, name: string, tasks: TemplateTask[], fields: Partial<TemplateStage> = {}) {
  return { key, libraryEntryId: ENTRY.intake, name, tasks, ...fields } satisfies TemplateStage;
}

export function timer(fields: Partial<Timer> = {}): Timer {
  return {
    durationDays: 10,
    dayKind: 'Business',
    startsOn: { event: 'TaskReadyToBegin' },
    stopsOn: { event: 'TaskCompleted' },
    pausesOnHold: true,
    onBreach: { flag: true, notify: ['Assignees'] },
    ...fields,
  };
}

/** Keys of the sample template's stages and tasks. */
export const KEY = {
  intake: id(1),
  survey: id(2),
  review: id(11),
  walk: id(21),
  design: id(22),
  approve: id(23),
} as const;

/**
 * A template that can be published: Intake (Completeness Review) then Survey (Field Walk, then Design,
 * then Approve), with timers, properties and an application form. Parsed, so it is a valid shape. API
 * tests pass the ids of the library entries they created.
 */
export function sampleDefinition(entry: EntryIds = ENTRY): WorkflowDefinition {
  const input: WorkflowDefinitionInput = {
    stages: [
      stage(
        KEY.intake,
        'Intake',
        [
          task(KEY.review, 'Completeness Review', {
            libraryEntryId: entry.review,
            properties: [{ libraryEntryId: entry.poleCount, required: true }],
            defaultAssignees: [{ kind: 'OrganizationRole', role: 'PoleOwner' }],
            timer: timer({ startsOn: { event: 'PermitCreated' } }),
          }),
        ],
        { libraryEntryId: entry.intake },
      ),
      stage(
        KEY.survey,
        'Survey',
        [
          task(KEY.walk, 'Field Walk', {
            libraryEntryId: entry.walk,
            properties: [{ libraryEntryId: entry.photos, required: false }],
          }),
          task(KEY.design, 'Design', {
            libraryEntryId: entry.design,
            dependsOn: [KEY.walk],
            properties: [{ libraryEntryId: entry.height, required: true }],
          }),
          task(KEY.approve, 'Approve', { libraryEntryId: entry.approve, dependsOn: [KEY.design] }),
        ],
        {
          libraryEntryId: entry.survey,
          timer: timer({
            durationDays: 45,
            dayKind: 'Calendar',
            startsOn: { event: 'TaskCompleted', taskKey: KEY.review },
            stopsOn: { event: 'StageCompleted' },
          }),
        },
      ),
    ],
    applicationForm: [{ libraryEntryId: entry.poleCount, required: true }],
  };
  return WorkflowDefinition.parse(input);
}

/** A property's facts as values are checked against them: a type, its render options, a name. */
export const propertyFact = (
  fieldType: FieldType,
  renderOptions: Record<string, unknown> = {},
  name = 'P',
): PropertyFacts => ({
  id: `${name}-id`,
  name,
  fieldType,
  renderOptions,
});
