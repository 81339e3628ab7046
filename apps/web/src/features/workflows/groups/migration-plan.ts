import type {
  PermitMigrationInput,
  TemplatePermit,
  WorkflowDefinition,
  WorkflowTemplateGroup,
  WorkflowTemplateVersion,
} from '@crossarm/shared';

// What the "Move permits" dialog asks the server for, and how it reads the answer. The server pairs stages
// and tasks by library entry; the user's overrides are sent on top and the server fills in the rest, so the
// overrides hold only what the user changed.

/** The select value standing for "drop this stage or task" (keys are UUIDs, so it cannot collide). */
export const DROP = 'drop';

export type MappingKind = 'stages' | 'tasks';

/** Source key → target key, or null to drop it: what the user chose over the server's pairing. */
export type MappingOverrides = Record<MappingKind, Record<string, string | null>>;

export const NO_OVERRIDES: MappingOverrides = { stages: {}, tasks: {} };

/** What the user has chosen in the dialog. */
export interface MigrationChoice {
  targetTemplateId: string;
  /** Null moves every permit on the version. */
  permitIds: string[] | null;
  overrides: MappingOverrides;
}

/** Whether a permit of the picker's page matches the filter text: its number, applicant or stage. */
export function matchesPermitSearch(permit: TemplatePermit, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return [permit.permitNumber, permit.applicant.name, permit.activeStage?.name ?? ''].some((field) =>
    field.toLowerCase().includes(text),
  );
}

/** The published versions of a group, newest first. */
const publishedOf = (group: WorkflowTemplateGroup) =>
  group.versions.filter((version) => version.status === 'Published');

/**
 * Whether a version's permits may be moved from the group's card: a published version that has permits and
 * is not the latest published one (permits on the latest have nowhere newer to go).
 */
export function canMovePermitsFrom(
  group: WorkflowTemplateGroup,
  version: WorkflowTemplateVersion,
  permitCount: number | undefined,
): boolean {
  const latest = publishedOf(group)[0];
  return (
    version.status === 'Published' &&
    (permitCount ?? 0) > 0 &&
    latest !== undefined &&
    latest.id !== version.id
  );
}

/** The versions a version's permits may move to: the group's other published versions, latest first. */
export function migrationTargets(group: WorkflowTemplateGroup, sourceId: string) {
  return publishedOf(group)
    .filter((version) => version.id !== sourceId)
    .map((version, index) => ({
      value: version.id,
      label: index === 0 ? `Version ${version.version} (latest)` : `Version ${version.version}`,
    }));
}

/** The overrides with one stage's or task's target set (null drops it). */
export function withOverride(
  overrides: MappingOverrides,
  kind: MappingKind,
  sourceKey: string,
  target: string | null,
): MappingOverrides {
  return { ...overrides, [kind]: { ...overrides[kind], [sourceKey]: target } };
}

/** A select's value as a target key: the drop choice is null. */
export const targetOfValue = (value: string) => (value === DROP ? null : value);

/** The body of the migrate call; only the parts the user set are sent. */
export function migrationBody(choice: MigrationChoice, preview: boolean): PermitMigrationInput {
  const body: PermitMigrationInput = { targetTemplateId: choice.targetTemplateId, preview };
  if (choice.permitIds) body.permitIds = [...choice.permitIds].sort();
  const { stages, tasks } = choice.overrides;
  const hasStages = Object.keys(stages).length > 0;
  const hasTasks = Object.keys(tasks).length > 0;
  if (hasStages || hasTasks) {
    body.mapping = {
      ...(hasStages ? { stages: sortedRecord(stages) } : {}),
      ...(hasTasks ? { tasks: sortedRecord(tasks) } : {}),
    };
  }
  return body;
}

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The choice as a comparable string: a preview is current while the choice still has the key it was
 * previewed with, and only a current preview may be run.
 */
export const choiceKey = (choice: MigrationChoice) => JSON.stringify(migrationBody(choice, true));

/** One select's options: the target version's stages, or its tasks under their stages, then "Drop". */
export function targetOptions(
  definition: WorkflowDefinition,
  kind: MappingKind,
  takenByOthers: ReadonlySet<string>,
) {
  const option = (item: { key: string; name: string }) => ({
    value: item.key,
    label: item.name,
    disabled: takenByOthers.has(item.key),
  });
  const drop = { group: 'Or', items: [{ value: DROP, label: 'Drop', disabled: false }] };
  if (kind === 'stages') {
    return [{ group: 'Stages of the target', items: definition.stages.map(option) }, drop];
  }
  return [
    ...definition.stages
      .filter((stage) => stage.tasks.length > 0)
      .map((stage) => ({ group: stage.name, items: stage.tasks.map(option) })),
    drop,
  ];
}

/** Targets other overrides of the same kind already took: the server refuses one target for two items. */
export function takenTargets(overrides: MappingOverrides, kind: MappingKind, sourceKey: string) {
  return new Set(
    Object.entries(overrides[kind]).flatMap(([from, to]) => (from !== sourceKey && to !== null ? [to] : [])),
  );
}

/** What a mapping select shows: the user's override, else where the preview put the item. */
export function selectedTarget(
  overrides: MappingOverrides,
  kind: MappingKind,
  item: { sourceKey: string; targetKey: string | null },
): string {
  const chosen = Object.hasOwn(overrides[kind], item.sourceKey)
    ? overrides[kind][item.sourceKey]
    : item.targetKey;
  return chosen ?? DROP;
}

/** Problems the dialog shows beside its fields (field names without `body.`); the rest are notified. */
export interface InlineMigrationErrors {
  target?: string;
  stages: Record<string, string>;
  tasks: Record<string, string>;
}

/** Sorts field problems of a refused migrate call into those shown inline; null when one is not inline. */
export function inlineMigrationErrors(fields: Record<string, string>): InlineMigrationErrors | null {
  const inline: InlineMigrationErrors = { stages: {}, tasks: {} };
  const entries = Object.entries(fields);
  if (entries.length === 0) return null;
  for (const [field, message] of entries) {
    const mapped = /^mapping\.(stages|tasks)\.(.+)$/.exec(field);
    if (field === 'targetTemplateId') inline.target = message;
    else if (mapped) (mapped[1] === 'stages' ? inline.stages : inline.tasks)[mapped[2]!] = message;
    else return null;
  }
  return inline;
}
