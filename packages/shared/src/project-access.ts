import { z } from 'zod';
import { UserStatus } from './enums.ts';
import { ListQuery } from './paging.ts';
import { ProjectPermission, ProjectRole } from './projects.ts';

const permissionSet = z
  .array(ProjectPermission)
  .max(ProjectPermission.options.length * 2)
  .transform((permissions) => ProjectPermission.options.filter((p) => permissions.includes(p)));

/** `PUT projects/{id}/organizations/{orgId}/permissions`: the organization's whole set. */
export const ProjectOrganizationPermissionsInput = z.object({
  /** Replaces the set; its users' own sets lose whatever the organization no longer holds. */
  permissions: permissionSet,
});
export type ProjectOrganizationPermissionsInput = z.input<typeof ProjectOrganizationPermissionsInput>;

/** A contributor organization's project permissions. */
export const OrganizationProjectPermissions = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: ProjectRole,
  permissions: z.array(ProjectPermission),
});
export type OrganizationProjectPermissions = z.infer<typeof OrganizationProjectPermissions>;

/** `PUT projects/{id}/organizations/{orgId}/user-permissions`: own sets for some of the organization's users. */
export const ProjectUserPermissionsInput = z.object({
  users: z
    .array(
      z.object({
        userId: z.uuid(),
        /** The user's own set, within the organization's; null to inherit the organization's set again. */
        permissions: permissionSet.nullable(),
      }),
    )
    .min(1, 'Name at least one user')
    .max(500)
    .superRefine((users, ctx) => {
      users.forEach((user, index) => {
        if (users.findIndex((other) => other.userId === user.userId) !== index) {
          ctx.addIssue({ code: 'custom', path: [index, 'userId'], message: 'Listed twice' });
        }
      });
    }),
});
export type ProjectUserPermissionsInput = z.input<typeof ProjectUserPermissionsInput>;

/** One user of a contributor organization with what they inherit, what they hold of their own and the result. */
export const ProjectUserPermissions = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: UserStatus,
  /** The organization's set, which the user inherits. */
  organizationPermissions: z.array(ProjectPermission),
  /** The user's own set, or null when they inherit the organization's. */
  ownPermissions: z.array(ProjectPermission).nullable(),
  /** What the user may do: their own set within the organization's, or the organization's. */
  effectivePermissions: z.array(ProjectPermission),
});
export type ProjectUserPermissions = z.infer<typeof ProjectUserPermissions>;

export const ProjectUserPermissionsSortBy = z.enum(['name', 'email']);

/** `GET projects/{id}/organizations/{orgId}/user-permissions`: a page of the organization's users. */
export const ProjectUserPermissionsQuery = ListQuery.extend({
  sortBy: ProjectUserPermissionsSortBy.default('name'),
});
export type ProjectUserPermissionsQuery = z.infer<typeof ProjectUserPermissionsQuery>;

/** The body of the user permissions export: the list's search and order. */
export const ProjectUserPermissionsExportBody = ProjectUserPermissionsQuery.omit({
  page: true,
  pageSize: true,
});
export type ProjectUserPermissionsExportBody = z.input<typeof ProjectUserPermissionsExportBody>;

/** `POST projects/{id}/restriction`: stop an organization from creating permits on the project. */
export const ProjectRestrictionInput = z.object({
  organizationId: z.uuid(),
  /** Shown to the restricted organization; required so it knows what to resolve. */
  reason: z.string().trim().min(1, 'Required').max(1000, 'At most 1000 characters'),
});
export type ProjectRestrictionInput = z.input<typeof ProjectRestrictionInput>;

export const ProjectRestriction = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  /** The name of whoever restricted the organization, when that user still exists. */
  createdBy: z.string().nullable(),
});
export type ProjectRestriction = z.infer<typeof ProjectRestriction>;

/** Why the caller's organization cannot create permits on a project. */
export const PermitCreationBlocker = z.enum([
  'ProjectArchived',
  'OrganizationRestricted',
  'TermsNotAccepted',
  'NoCreatePermission',
]);
export type PermitCreationBlocker = z.infer<typeof PermitCreationBlocker>;

/** `GET projects/{id}/check-restrictions`: whether the caller may create permits, and why not. */
export const ProjectRestrictionCheck = z.object({
  canCreatePermits: z.boolean(),
  reasons: z.array(z.object({ code: PermitCreationBlocker, message: z.string() })),
});
export type ProjectRestrictionCheck = z.infer<typeof ProjectRestrictionCheck>;

/** `POST projects/{id}/terms`: publish a new version of the project's terms (HTML, sanitised by the server). */
export const ProjectTermsInput = z.object({
  htmlContent: z.string().trim().min(1, 'Required').max(200_000, 'At most 200000 characters'),
});
export type ProjectTermsInput = z.input<typeof ProjectTermsInput>;

/** `POST projects/{id}/terms/accept`: accept a version for the caller's organization. */
export const ProjectTermsAcceptInput = z.object({ termsId: z.uuid() });

/** One published version of a project's terms. */
export const ProjectTerms = z.object({
  id: z.uuid(),
  version: z.number().int(),
  htmlContent: z.string(),
  createdAt: z.string(),
  /** The publisher's name, when that user still exists. */
  createdBy: z.string().nullable(),
});
export type ProjectTerms = z.infer<typeof ProjectTerms>;

/** `GET projects/{id}/terms`: the current version and the caller organization's acceptance of it. */
export const ProjectTermsState = z.object({
  terms: ProjectTerms.nullable(),
  acceptance: z
    .object({
      acceptedAt: z.string(),
      /** The name of whoever accepted for the organization, when that user still exists. */
      acceptedBy: z.string().nullable(),
    })
    .nullable(),
});
export type ProjectTermsState = z.infer<typeof ProjectTermsState>;
