import { z } from 'zod';

/** The platform's applications, each enabled per organization. */
export const Application = z.enum(['JointUse', 'Engineering', 'Vegetation', 'Resilience', 'Geospatial']);
export type Application = z.infer<typeof Application>;

/** A user's lifecycle: invited by an admin, active after first sign-in, deactivated, or deleted. */
export const UserStatus = z.enum(['Invited', 'Active', 'Inactive', 'Deleted']);
export type UserStatus = z.infer<typeof UserStatus>;

/** A user's role in their organization. */
export const UserRole = z.enum(['Admin', 'User']);
export type UserRole = z.infer<typeof UserRole>;

/** Platform-wide permissions held by system administrators. */
export const SystemPermission = z.enum([
  'ViewOrganizations',
  'ManageOrganizations',
  'ViewUsers',
  'InviteUsers',
  'ManageUsers',
  'ManageProjects',
  'ManageLibrary',
  'ManageSecurity',
  'ViewApps',
]);
export type SystemPermission = z.infer<typeof SystemPermission>;

/** Permissions a user holds within their own organization. */
export const OrganizationPermission = z.enum([
  'ViewOrganizationInfo',
  'ManageOrganizationInfo',
  'ViewUsers',
  'ManageUsers',
  'ViewApps',
]);
export type OrganizationPermission = z.infer<typeof OrganizationPermission>;

export const ExportFormat = z.enum(['Xlsx', 'Csv']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** Server events pushed over the real-time hub. */
export const HubEvent = {
  UserSessionInvalid: 'user-session-invalid',
  OrganizationSessionInvalid: 'organization-session-invalid',
  /** An organization was restricted on a project, or its restriction lifted: it rechecks what it may do. */
  ProjectRestrictionChanged: 'project-restriction-changed',
  /**
   * A saved view was overwritten, deleted or shared differently: pages showing it, and lists naming it, read
   * it again (a view no longer there, or no longer shared, then says so).
   */
  ViewChanged: 'view-changed',
} as const;
export type HubEvent = (typeof HubEvent)[keyof typeof HubEvent];
