import type { Application } from './enums.ts';
import type { LibraryKind, LibraryStatus } from './library.ts';
import type { DefaultAssignee, TemplateProperty, WorkflowDefinition } from './workflow.ts';
import {
  analyseDependencies,
  indexTasks,
  stagePath,
  type TemplateIssue,
  taskPath,
  type Unreachable,
} from './workflow-dependencies.ts';
import { checkTimers } from './workflow-timers.ts';

export type { TemplateIssue } from './workflow-dependencies.ts';

/** What publishing needs to know of a library entry a template refers to. */
export interface LibraryEntryFacts {
  id: string;
  kind: LibraryKind;
  name: string;
  status: LibraryStatus;
  application: Application;
}

/** What the template is checked against, gathered by the caller so that the check itself stays pure. */
export interface PublishContext {
  /** The library entries the definition refers to, by id; an id missing here is a deleted entry. */
  libraryEntries: ReadonlyMap<string, LibraryEntryFacts>;
  /** The application whose library the template is built from. */
  application: Application;
  /** The people who may be default assignees (of the project's organizations); not checked when absent. */
  assignableUserIds?: ReadonlySet<string>;
}

/** Stages and tasks need at least one of what they hold. */
function checkStructure(definition: WorkflowDefinition): TemplateIssue[] {
  if (definition.stages.length === 0) return [{ path: 'stages', message: 'Add at least one stage' }];
  return definition.stages.flatMap((stage, stageIndex) =>
    stage.tasks.length === 0
      ? [{ path: `${stagePath(stageIndex)}.tasks`, message: `Add at least one task to '${stage.name}'` }]
      : [],
  );
}

/** Stage and task keys share one namespace: each must be unique in the template. */
function checkKeys(definition: WorkflowDefinition): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const seen = new Map<string, string>();
  const see = (key: string, path: string, name: string) => {
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ path: `${path}.key`, message: `'${first}' already has this key` });
    } else {
      seen.set(key, name);
    }
  };
  definition.stages.forEach((stage, stageIndex) => {
    see(stage.key, stagePath(stageIndex), stage.name);
    stage.tasks.forEach((task, taskIndex) => {
      see(task.key, taskPath(stageIndex, taskIndex), task.name);
    });
  });
  return issues;
}

/** A place in the definition that names a library entry, and the kind of entry it must be. */
export interface EntryUse {
  path: string;
  libraryEntryId: string;
  kind: Exclude<LibraryKind, 'unit'>;
}

/** Every place a definition names a library entry, in order. */
export function libraryEntryUses(definition: WorkflowDefinition): EntryUse[] {
  const use = (path: string, libraryEntryId: string, kind: EntryUse['kind']): EntryUse => ({
    path: `${path}.libraryEntryId`,
    libraryEntryId,
    kind,
  });
  const properties = (path: string, list: TemplateProperty[]) =>
    list.map((property, index) => use(`${path}.${index}`, property.libraryEntryId, 'property'));
  return [
    ...definition.stages.flatMap((stage, stageIndex) => [
      use(stagePath(stageIndex), stage.libraryEntryId, 'stage'),
      ...stage.tasks.flatMap((task, taskIndex) => {
        const path = taskPath(stageIndex, taskIndex);
        return [use(path, task.libraryEntryId, 'task'), ...properties(`${path}.properties`, task.properties)];
      }),
    ]),
    ...properties('applicationForm', definition.applicationForm),
  ];
}

/** The library entries a definition names, each once. */
export function libraryEntryIdsOf(definition: WorkflowDefinition): string[] {
  return [...new Set(libraryEntryUses(definition).map((use) => use.libraryEntryId))];
}

/** Every entry named must exist, be active, be of the right kind, and come from the template's library. */
function checkLibraryEntries(definition: WorkflowDefinition, context: PublishContext): TemplateIssue[] {
  return libraryEntryUses(definition).flatMap(({ path, libraryEntryId, kind }): TemplateIssue[] => {
    const entry = context.libraryEntries.get(libraryEntryId);
    if (!entry) return [{ path, message: 'This library entry no longer exists' }];
    if (entry.kind !== kind) {
      return [{ path, message: `'${entry.name}' is a ${entry.kind} entry, not a ${kind} entry` }];
    }
    if (entry.application !== context.application) {
      return [{ path, message: `'${entry.name}' belongs to another application's library` }];
    }
    if (entry.status !== 'Active') return [{ path, message: `'${entry.name}' is archived in the library` }];
    return [];
  });
}

/** A property may sit once on each task and once on the application form. */
function checkRepeatedProperties(definition: WorkflowDefinition, context: PublishContext): TemplateIssue[] {
  const repeats = (path: string, list: TemplateProperty[], where: string) => {
    const seen = new Set<string>();
    return list.flatMap((property, index): TemplateIssue[] => {
      if (!seen.has(property.libraryEntryId)) {
        seen.add(property.libraryEntryId);
        return [];
      }
      const name = context.libraryEntries.get(property.libraryEntryId)?.name ?? 'This property';
      return [{ path: `${path}.${index}`, message: `'${name}' is already on ${where}` }];
    });
  };
  return [
    ...definition.stages.flatMap((stage, stageIndex) =>
      stage.tasks.flatMap((task, taskIndex) =>
        repeats(`${taskPath(stageIndex, taskIndex)}.properties`, task.properties, 'this task'),
      ),
    ),
    ...repeats('applicationForm', definition.applicationForm, 'the application form'),
  ];
}

/**
 * A required property must be fillable: it sits on the application form (always filled), or on a task
 * that can become ready. A task behind a dependency circle, or in a stage that never starts, cannot.
 */
function checkRequiredReachable(
  definition: WorkflowDefinition,
  context: PublishContext,
  unreachable: Unreachable,
): TemplateIssue[] {
  return definition.stages.flatMap((stage, stageIndex) =>
    stage.tasks.flatMap((task, taskIndex) => {
      const reason = unreachable.get(task.key);
      if (!reason) return [];
      return task.properties.flatMap((property, index): TemplateIssue[] => {
        if (!property.required) return [];
        const name = context.libraryEntries.get(property.libraryEntryId)?.name ?? 'This property';
        return [
          {
            path: `${taskPath(stageIndex, taskIndex)}.properties.${index}`,
            message: `'${name}' is required but can never be filled: ${reason}`,
          },
        ];
      });
    }),
  );
}

const assigneeId = (assignee: DefaultAssignee) =>
  assignee.kind === 'User' ? `User:${assignee.userId}` : `OrganizationRole:${assignee.role}`;

/** Default assignees are listed once each, and people belong to the project's organizations. */
function checkAssignees(definition: WorkflowDefinition, context: PublishContext): TemplateIssue[] {
  return definition.stages.flatMap((stage, stageIndex) =>
    stage.tasks.flatMap((task, taskIndex) => {
      const seen = new Set<string>();
      return task.defaultAssignees.flatMap((assignee, index): TemplateIssue[] => {
        const path = `${taskPath(stageIndex, taskIndex)}.defaultAssignees.${index}`;
        const id = assigneeId(assignee);
        if (seen.has(id)) return [{ path, message: 'Listed twice' }];
        seen.add(id);
        if (assignee.kind === 'User' && context.assignableUserIds?.has(assignee.userId) === false) {
          return [
            {
              path: `${path}.userId`,
              message: 'This person is not in an organization taking part in the project',
            },
          ];
        }
        return [];
      });
    }),
  );
}

/**
 * Everything that keeps a template from running, each located by its path in the definition
 * (`stages.0.tasks.1.timer.durationDays`); an empty list means it can be published.
 */
export function validateTemplateForPublish(
  definition: WorkflowDefinition,
  context: PublishContext,
): TemplateIssue[] {
  const tasks = indexTasks(definition);
  const dependencies = analyseDependencies(definition, tasks);
  return [
    ...checkStructure(definition),
    ...checkKeys(definition),
    ...checkLibraryEntries(definition, context),
    ...checkRepeatedProperties(definition, context),
    ...dependencies.issues,
    ...checkRequiredReachable(definition, context, dependencies.unreachable),
    ...checkTimers(definition, tasks, dependencies),
    ...checkAssignees(definition, context),
  ];
}
