import {
  type PublishContext,
  type TemplateIssue,
  validateTemplateForPublish,
  WorkflowDefinition,
} from '@crossarm/shared';
import type { ApiFieldError } from '../../lib/api/api-error';

// Problems of a template, each put on the element it concerns. Problems come from three places that all
// speak in paths into the definition (`stages.0.tasks.1.timer.durationDays`): the shape check a save
// needs, the publish check run here while designing, and the server's 400 answers, whose fields carry a
// `body.definition.` or `definition.` prefix.

/** The element a problem is shown on. */
export type IssueTarget =
  | { kind: 'template' }
  | { kind: 'applicationForm' }
  | { kind: 'stage'; stageKey: string }
  | { kind: 'task'; stageKey: string; taskKey: string };

/** A problem with the element it belongs to, and the rest of its path inside that element. */
export interface LocatedIssue extends TemplateIssue {
  target: IssueTarget;
  /** The path inside the element: '' for the element itself, 'timer.durationDays', 'properties.0'. */
  field: string;
}

/** The path into the definition of a server field ('body.definition.stages.0.name' → 'stages.0.name'). */
export function definitionPath(field: string): string {
  return field.replace(/^body\./, '').replace(/^definition(\.|$)/, '');
}

/** The problems of a failed save or publish that concern the definition, by path. */
export function issuesOfApiErrors(errors: readonly ApiFieldError[]): TemplateIssue[] {
  return errors
    .filter((error) => /^(body\.)?definition(\.|$)/.test(error.field))
    .map((error) => ({ path: definitionPath(error.field), message: error.message }));
}

/** What a save would refuse: names left blank, days out of range, lists too long. */
export function shapeIssues(definition: WorkflowDefinition): TemplateIssue[] {
  const result = WorkflowDefinition.safeParse(definition);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Every problem that keeps the template from being published: its shape, then whether it can run. */
export function publishIssues(definition: WorkflowDefinition, context: PublishContext): TemplateIssue[] {
  const shape = shapeIssues(definition);
  const seen = new Set(shape.map((issue) => `${issue.path}\n${issue.message}`));
  const run = validateTemplateForPublish(definition, context).filter(
    (issue) => !seen.has(`${issue.path}\n${issue.message}`),
  );
  return [...shape, ...run];
}

const STAGE_PATH = /^stages\.(\d+)(?:\.(.*))?$/;
const TASK_FIELD = /^tasks\.(\d+)(?:\.(.*))?$/;
const FORM_PATH = /^applicationForm(?:\.(.*))?$/;

/** Puts a problem on its stage, task, the application form or the template as a whole. */
export function locateIssue(definition: WorkflowDefinition, issue: TemplateIssue): LocatedIssue {
  const form = FORM_PATH.exec(issue.path);
  if (form) return { ...issue, target: { kind: 'applicationForm' }, field: form[1] ?? '' };
  const stageMatch = STAGE_PATH.exec(issue.path);
  const stage = stageMatch ? definition.stages[Number(stageMatch[1])] : undefined;
  if (!stageMatch || !stage) return { ...issue, target: { kind: 'template' }, field: issue.path };
  const rest = stageMatch[2] ?? '';
  const taskMatch = TASK_FIELD.exec(rest);
  const task = taskMatch ? stage.tasks[Number(taskMatch[1])] : undefined;
  if (!taskMatch || !task) return { ...issue, target: { kind: 'stage', stageKey: stage.key }, field: rest };
  return {
    ...issue,
    target: { kind: 'task', stageKey: stage.key, taskKey: task.key },
    field: taskMatch[2] ?? '',
  };
}

/** The problems whose field is `field` or lies under it ('timer' holds 'timer.durationDays'). */
export function issuesUnder<T extends { field: string }>(issues: readonly T[], field: string): T[] {
  if (field === '') return [...issues];
  return issues.filter((issue) => issue.field === field || issue.field.startsWith(`${field}.`));
}

/** The problems shown on each element, looked up by stage and task key. */
export interface IssueIndex {
  all: LocatedIssue[];
  template: LocatedIssue[];
  applicationForm: LocatedIssue[];
  stage(key: string): LocatedIssue[];
  task(key: string): LocatedIssue[];
}

/** Sorts the problems by the element they concern. */
export function indexIssues(definition: WorkflowDefinition, issues: readonly TemplateIssue[]): IssueIndex {
  const all = issues.map((issue) => locateIssue(definition, issue));
  const stages = new Map<string, LocatedIssue[]>();
  const tasks = new Map<string, LocatedIssue[]>();
  const add = (map: Map<string, LocatedIssue[]>, key: string, issue: LocatedIssue) =>
    map.set(key, [...(map.get(key) ?? []), issue]);
  for (const issue of all) {
    const { target } = issue;
    if (target.kind === 'stage') add(stages, target.stageKey, issue);
    else if (target.kind === 'task') add(tasks, target.taskKey, issue);
  }
  return {
    all,
    template: all.filter((issue) => issue.target.kind === 'template'),
    applicationForm: all.filter((issue) => issue.target.kind === 'applicationForm'),
    stage: (key) => stages.get(key) ?? [],
    task: (key) => tasks.get(key) ?? [],
  };
}

/** The id of the element a problem is shown on, for scrolling to it. */
export function anchorOf(target: IssueTarget): string {
  switch (target.kind) {
    case 'template':
      return 'workflow-stages';
    case 'applicationForm':
      return 'workflow-application-form';
    case 'stage':
      return `workflow-stage-${target.stageKey}`;
    case 'task':
      return `workflow-task-${target.taskKey}`;
  }
}

/** Where a problem is, in words, for the summary list. */
export function placeOf(definition: WorkflowDefinition, target: IssueTarget): string {
  switch (target.kind) {
    case 'template':
      return 'Template';
    case 'applicationForm':
      return 'Application form';
    case 'stage':
      return definition.stages.find((stage) => stage.key === target.stageKey)?.name || 'Stage';
    case 'task': {
      const stage = definition.stages.find((s) => s.key === target.stageKey);
      const task = stage?.tasks.find((t) => t.key === target.taskKey);
      return `${stage?.name || 'Stage'} › ${task?.name || 'Task'}`;
    }
  }
}
