import { z } from 'zod';
import { UserRole, UserStatus } from './enums.ts';
import { enumWords, splitCommaList } from './formatters.ts';
import { TaskStatus } from './permits.ts';
import { ProjectRole } from './projects.ts';

/** The most entries an options list returns; pickers narrow with `filter`. */
export const MAX_OPTIONS = 50;

/** `?filter=`: part of a name (or of an e-mail for users), any case. */
export const OptionsQuery = z.object({ filter: z.string().trim().max(200).optional() });

/** How many people one `ids` lookup names. */
export const MAX_OPTION_IDS = 100;

/**
 * `GET joint-use/options/users`: optionally only the users of one project, or only those of `ids` (a comma
 * list: names for people a saved filter or link refers to) among the people the caller sees.
 */
export const UserOptionsQuery = OptionsQuery.extend({
  projectId: z.uuid().optional(),
  ids: z
    .string()
    .max(MAX_OPTION_IDS * 37)
    .optional()
    .transform((text) => (text === undefined ? undefined : splitCommaList(text)))
    .pipe(z.array(z.uuid()).max(MAX_OPTION_IDS, `At most ${MAX_OPTION_IDS} ids`).optional()),
});

/**
 * `GET joint-use/options/organizations`: with `related=true`, only the caller's organization and those it
 * shares projects with (whom a view can be shared with), even for someone who sets up projects.
 */
export const OrganizationOptionsQuery = OptionsQuery.extend({ related: z.stringbool().default(false) });

/** An entry of a picker. */
export const Option = z.object({ id: z.uuid(), name: z.string() });
export type Option = z.infer<typeof Option>;

/** A user in a picker: name is "First Last". */
export const UserOption = Option.extend({ email: z.string(), organizationName: z.string() });
export type UserOption = z.infer<typeof UserOption>;

/** `GET joint-use/options/tasks/statuses`: a task status in a picker, with the words it reads as. */
export const TaskStatusOption = z.object({ id: TaskStatus, name: z.string() });
export type TaskStatusOption = z.infer<typeof TaskStatusOption>;

/** Every task status, in workflow order, as the tracker's task status filter words it. */
export const TASK_STATUS_OPTIONS: readonly TaskStatusOption[] = TaskStatus.options.map((status) => ({
  id: status,
  name: enumWords(status),
}));

/** `GET joint-use/projects/{id}/users`: a person who can be picked on a project, e.g. as an assignee. */
export const ProjectUser = z.object({
  id: z.uuid(),
  /** "First Last". */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: UserStatus,
  /** The user's role in their organization. */
  role: UserRole,
  organizationId: z.uuid(),
  organizationName: z.string(),
  /** The role of the user's organization in the project. */
  projectRole: ProjectRole,
});
export type ProjectUser = z.infer<typeof ProjectUser>;
