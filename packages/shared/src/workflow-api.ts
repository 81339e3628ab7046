import { z } from 'zod';
import { FieldType, LibraryEntry } from './library.ts';
import { OptionsQuery } from './options.ts';
import {
  TemplateItemName,
  WorkflowDefinition,
  WorkflowTemplateGroupStatus,
  WorkflowTemplateStatus,
} from './workflow.ts';

// The requests and answers of the workflow template endpoints.

/** `POST projects/{id}/workflow-template-groups`: a new group, unique in the project ignoring case. */
export const WorkflowTemplateGroupInput = z.object({ name: TemplateItemName });
export type WorkflowTemplateGroupInput = z.input<typeof WorkflowTemplateGroupInput>;

export const MAX_CLONED_GROUPS = 50;

/** `POST projects/{id}/clone-workflow-template-groups`: copy groups of another (or the same) project. */
export const CloneWorkflowTemplateGroupsInput = z.object({
  sourceProjectId: z.uuid(),
  groupIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one template')
    .max(MAX_CLONED_GROUPS, `At most ${MAX_CLONED_GROUPS}`)
    .refine((ids) => new Set(ids).size === ids.length, 'A template is listed twice'),
});
export type CloneWorkflowTemplateGroupsInput = z.input<typeof CloneWorkflowTemplateGroupsInput>;

/** `PUT projects/workflow-templates/{id}`: the whole definition of a draft. */
export const WorkflowTemplateSaveInput = z.object({ definition: WorkflowDefinition });
export type WorkflowTemplateSaveInput = z.input<typeof WorkflowTemplateSaveInput>;

/** `GET projects/{id}/workflow-templates`: archived groups are left out unless asked for. */
export const ProjectWorkflowTemplatesQuery = z.object({
  includeArchived: z.stringbool().default(false),
});

/** `GET projects/workflow-templates`: every visible project's templates, or one project's. */
export const WorkflowTemplateListQuery = z.object({ projectId: z.uuid().optional() });

/** One version of a template group, without its definition. */
export const WorkflowTemplateVersion = z.object({
  id: z.uuid(),
  version: z.number().int(),
  status: WorkflowTemplateStatus,
  stageCount: z.number().int(),
  taskCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type WorkflowTemplateVersion = z.infer<typeof WorkflowTemplateVersion>;

export const WorkflowTemplateGroup = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  name: z.string(),
  status: WorkflowTemplateGroupStatus,
  /** The latest published version: the one offered for new permits while the group is Active. */
  currentVersionId: z.uuid().nullable(),
  /** Newest first. */
  versions: z.array(WorkflowTemplateVersion),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowTemplateGroup = z.infer<typeof WorkflowTemplateGroup>;

/** The groups a clone created, and how many default assignees were left out on the way. */
export const CloneWorkflowTemplateGroupsResult = z.object({
  groups: z.array(WorkflowTemplateGroup),
  /** People assigned by default whose organization does not take part in the target project. */
  droppedAssignees: z.number().int(),
});
export type CloneWorkflowTemplateGroupsResult = z.infer<typeof CloneWorkflowTemplateGroupsResult>;

const GroupRef = z.object({ id: z.uuid(), name: z.string(), status: WorkflowTemplateGroupStatus });
const ProjectRef = z.object({ id: z.uuid(), name: z.string() });

/** A version in the list across projects, with its group and project. */
export const WorkflowTemplateListItem = WorkflowTemplateVersion.extend({
  group: GroupRef,
  project: ProjectRef,
});
export type WorkflowTemplateListItem = z.infer<typeof WorkflowTemplateListItem>;

/** A person named as a default assignee. */
export const TemplateUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  organizationName: z.string().nullable(),
});
export type TemplateUser = z.infer<typeof TemplateUser>;

/** `GET projects/workflow-templates/{id}`: a version with its definition and what it refers to. */
export const WorkflowTemplate = WorkflowTemplateVersion.extend({
  group: GroupRef,
  project: ProjectRef,
  definition: WorkflowDefinition,
  publishedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The library entries the definition names, by id; a deleted entry is absent. */
  libraryEntries: z.record(z.string(), LibraryEntry),
  /** The people named as default assignees, by id; a deleted person is absent. */
  users: z.record(z.string(), TemplateUser),
});
export type WorkflowTemplate = z.infer<typeof WorkflowTemplate>;

/** Where a property sits in a template. */
export const PropertyPlacement = z.enum(['ApplicationForm', 'Task']);
export type PropertyPlacement = z.infer<typeof PropertyPlacement>;

/** `GET joint-use/projects/{id}/templates/{templateId}/properties`: one property where it sits. */
export const TemplatePropertyItem = z.object({
  libraryEntryId: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  /** Null only when the library entry has been deleted. */
  fieldType: FieldType.nullable(),
  renderOptions: z.record(z.string(), z.unknown()).nullable(),
  required: z.boolean(),
  placement: PropertyPlacement,
  /** The stage and task holding it; null on the application form. */
  stage: z.object({ key: z.string(), name: z.string() }).nullable(),
  task: z.object({ key: z.string(), name: z.string() }).nullable(),
});
export type TemplatePropertyItem = z.infer<typeof TemplatePropertyItem>;

/** `GET joint-use/options/stages` and `/tasks`: narrowed to a project and by name. */
export const WorkflowOptionsQuery = OptionsQuery.extend({ projectId: z.uuid().optional() });
