import { z } from 'zod';
import { Application, OrganizationPermission, SystemPermission, UserRole, UserStatus } from './enums.ts';
import { ListQuery } from './paging.ts';
import { validateEmail, validatePhone, validateUrl } from './validators.ts';

/** An optional text field: blank becomes null; the check runs on what is left. */
function optionalText(max: number, check?: (value: string) => string | null) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
    .superRefine((value, ctx) => {
      if (value === null) return;
      if (value.length > max) ctx.addIssue({ code: 'custom', message: `At most ${max} characters` });
      const problem = check?.(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const requiredName = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');
const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .max(254)
  .refine((value) => validateEmail(value) === null, 'Invalid email address');

/** The fields of an organization's profile, sent multipart (with an optional `logo` file) or as JSON. */
export const OrganizationInput = z.object({
  name: requiredName,
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: optionalText(100),
  contactName: optionalText(200),
  contactEmail: optionalText(254, validateEmail),
  contactPhone: optionalText(14, validatePhone),
  website: optionalText(300, validateUrl),
});
export type OrganizationInput = z.input<typeof OrganizationInput>;

export const Organization = z.object({
  id: z.uuid(),
  name: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  applications: z.array(Application),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationSortBy = z.enum(['name', 'city', 'userCount', 'createdAt']);
export const OrganizationListQuery = ListQuery.extend({ sortBy: OrganizationSortBy.default('name') });
export type OrganizationListQuery = z.infer<typeof OrganizationListQuery>;

/** Export request: the ids of the rows to export (none: all), or the list's filter and sort. */
export const OrganizationExportBody = z.union([
  z.array(z.uuid()),
  z.object({
    ids: z.array(z.uuid()).optional(),
    search: z.string().optional(),
    sortBy: OrganizationSortBy.optional(),
    sortDir: z.enum(['asc', 'desc']).optional(),
  }),
]);

export const ApplicationsInput = z.object({ applications: z.array(Application) });

export const DomainInput = z.object({
  domainName: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Invalid domain name, e.g. utility.example'),
});

export const OrganizationSecurity = z.object({
  organizationId: z.uuid(),
  domains: z.array(z.object({ domainName: z.string(), createdAt: z.string() })),
  singleSignOn: z.null(),
});
export type OrganizationSecurity = z.infer<typeof OrganizationSecurity>;

/** A row of a user list. */
export const UserSummary = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  status: UserStatus,
  role: UserRole,
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserMembership = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  permissions: z.array(OrganizationPermission),
  isWorkingOrganization: z.boolean(),
});
export type UserMembership = z.infer<typeof UserMembership>;

export const UserDetail = UserSummary.extend({
  avatarUrl: z.string().nullable(),
  mfaEnrolled: z.boolean(),
  systemPermissions: z.array(SystemPermission),
  organizations: z.array(UserMembership),
});
export type UserDetail = z.infer<typeof UserDetail>;

export const UserSortBy = z.enum(['name', 'email', 'status', 'organization', 'lastSignInAt', 'createdAt']);
export const UserListQuery = ListQuery.extend({
  sortBy: UserSortBy.default('name'),
  status: UserStatus.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserExportBody = z.union([
  z.array(z.uuid()),
  z.object({
    ids: z.array(z.uuid()).optional(),
    search: z.string().optional(),
    status: UserStatus.optional(),
    sortBy: UserSortBy.optional(),
    sortDir: z.enum(['asc', 'desc']).optional(),
  }),
]);

/** Profile fields an administrator edits (multipart with an optional `avatar` file, or JSON). */
export const UserProfileInput = z.object({
  firstName: requiredName,
  lastName: requiredName,
  email: emailAddress.optional(),
  title: optionalText(200),
  phone: optionalText(14, validatePhone),
});
export type UserProfileInput = z.input<typeof UserProfileInput>;

export const InviteInput = z.object({
  email: emailAddress,
  firstName: requiredName,
  lastName: requiredName,
  title: optionalText(200),
  phone: optionalText(14, validatePhone),
  role: UserRole.default('User'),
  organizationPermissions: z.array(OrganizationPermission).default(['ViewOrganizationInfo']),
});
export type InviteInput = z.input<typeof InviteInput>;

export const RoleInput = z.object({ role: UserRole });
export const RemoveUserInput = z.object({ userId: z.uuid() });
export const SystemPermissionsInput = z.object({ permissions: z.array(SystemPermission) });
export const OrganizationPermissionsInput = z.object({ permissions: z.array(OrganizationPermission) });
export const UserOrganizationsInput = z.object({
  organizationIds: z.array(z.uuid()),
  workingOrganizationId: z.uuid().nullable().optional(),
});
export const UserOrganizationPermissionsInput = z.object({
  organizationId: z.uuid(),
  permissions: z.array(OrganizationPermission),
});

export const AuditRecord = z.object({
  id: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

export const ApplicationUsage = z.object({
  application: Application,
  enabled: z.boolean(),
  userCount: z.number().int(),
});
export type ApplicationUsage = z.infer<typeof ApplicationUsage>;

export const MailRecord = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailRecord = z.infer<typeof MailRecord>;
