import { z } from 'zod';
import { ListQuery } from './paging.ts';

/** An organization's part in a project: the pole owner who runs it, or an attacher who applies to it. */
export const ProjectRole = z.enum(['PoleOwner', 'AttacherOrg']);
export type ProjectRole = z.infer<typeof ProjectRole>;

export const ProjectStatus = z.enum(['Active', 'Archived']);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** Create or edit a project. The code is short and unique within the owner's projects (e.g. "NEC-JU"). */
export const ProjectInput = z.object({
  name: text(200).min(1, 'Required'),
  projectCode: text(30)
    .min(1, 'Required')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Letters, digits, dot, dash and underscore only'),
  description: text(2000)
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ProjectInput = z.input<typeof ProjectInput>;

export const ProjectContributor = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: ProjectRole,
});

/** `POST projects/{id}/organizations`: add an organization to a project with its role. */
export const ContributorInput = z.object({ organizationId: z.uuid(), role: ProjectRole });

export const Project = z.object({
  id: z.uuid(),
  name: z.string(),
  projectCode: z.string(),
  description: z.string().nullable(),
  status: ProjectStatus,
  ownerOrganizationId: z.uuid(),
  ownerOrganizationName: z.string(),
  /** The caller's organization's role in the project. */
  myRole: ProjectRole,
  contributors: z.array(ProjectContributor),
  createdAt: z.string(),
  updatedAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type Project = z.infer<typeof Project>;

export const ProjectSortBy = z.enum(['name', 'projectCode', 'owner', 'createdAt']);
export const ProjectListQuery = ListQuery.extend({
  sortBy: ProjectSortBy.default('name'),
  status: z.enum(['Active', 'Archived', 'All']).default('Active'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;
