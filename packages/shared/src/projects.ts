import { z } from 'zod';
import { ListQuery } from './paging.ts';

/** An organization's part in a project: the pole owner who runs it, or an attacher who applies to it. */
export const ProjectRole = z.enum(['PoleOwner', 'AttacherOrg']);
export type ProjectRole = z.infer<typeof ProjectRole>;

/** How each project role reads to people, on screen and in exported files. */
export const PROJECT_ROLE_LABELS: Record<ProjectRole, string> = {
  PoleOwner: 'Pole owner',
  AttacherOrg: 'Attacher',
};

export const ProjectStatus = z.enum(['Active', 'Archived']);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

/**
 * What people may do with a project's permits. Granted per contributor organization and optionally narrowed
 * per user. ManagePermits is the pole owner's side: approving cancellations, holds, restrictions, deletion.
 */
export const ProjectPermission = z.enum([
  'ViewPermits',
  'CreatePermits',
  'EditPermits',
  'CommentOnPermits',
  'ExportPermits',
  'ManagePermits',
]);
export type ProjectPermission = z.infer<typeof ProjectPermission>;

/** Every permission an organization in this role can hold, which is also what it gets when it joins. */
export function projectPermissionsFor(role: ProjectRole): ProjectPermission[] {
  return role === 'PoleOwner'
    ? [...ProjectPermission.options]
    : ProjectPermission.options.filter((permission) => permission !== 'ManagePermits');
}

/**
 * A user's permissions on a project: their own set within their organization's, or the organization's set
 * when they have none of their own. In the enum's order, without duplicates.
 */
export function effectiveProjectPermissions(
  organization: readonly ProjectPermission[],
  user: readonly ProjectPermission[] | null,
): ProjectPermission[] {
  const held = new Set(user === null ? organization : user.filter((p) => organization.includes(p)));
  return ProjectPermission.options.filter((permission) => held.has(permission));
}

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
  /** What the caller may do with the project's permits, so the app shows only the actions they can take. */
  myPermissions: z.array(ProjectPermission),
  contributors: z.array(ProjectContributor),
  createdAt: z.string(),
  updatedAt: z.string(),
  archivedAt: z.string().nullable(),
  /** The permits the caller's organization sees (all for the pole owner, its own for an attacher). */
  permitCounts: z.object({
    total: z.number().int(),
    /** Not Cancelled or Completed. */
    open: z.number().int(),
  }),
});
export type Project = z.infer<typeof Project>;

export const ProjectSortBy = z.enum(['name', 'projectCode', 'owner', 'createdAt']);
export const ProjectListQuery = ListQuery.extend({
  sortBy: ProjectSortBy.default('name'),
  status: z.enum(['Active', 'Archived', 'All']).default('Active'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

/** `POST projects/export/{xlsx|csv}`: the list's filter and order, without paging. */
export const ProjectExportBody = ProjectListQuery.omit({ page: true, pageSize: true });
export type ProjectExportBody = z.input<typeof ProjectExportBody>;
