import { z } from 'zod';
import { Application, OrganizationPermission, SystemPermission, UserRole, UserStatus } from './enums.ts';

/** The signed-in user's profile as the API presents it. */
export const UserProfile = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  status: UserStatus,
  role: UserRole,
  darkMode: z.boolean(),
  organizationId: z.uuid().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const SessionOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  applications: z.array(Application),
});
export type SessionOrganization = z.infer<typeof SessionOrganization>;

/** `GET admin/me`: everything the web app needs to decide what a user may see. */
export const UserSession = z.object({
  user: UserProfile,
  organization: SessionOrganization.nullable(),
  systemPermissions: z.array(SystemPermission),
  organizationPermissions: z.array(OrganizationPermission),
  applications: z.array(Application),
});
export type UserSession = z.infer<typeof UserSession>;

/** `PUT admin/users/preferences`. */
export const Preferences = z.object({ darkMode: z.boolean() });
export type Preferences = z.infer<typeof Preferences>;

/** `GET admin/users/{id}/header`: the short card shown for a user. */
export const UserHeader = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  status: UserStatus,
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
});
export type UserHeader = z.infer<typeof UserHeader>;

/** A version of a legal policy (terms of service or privacy policy). */
export const PolicyDocument = z.object({
  id: z.uuid(),
  version: z.number().int(),
  htmlContent: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;

/** `GET/POST legal/policies/terms-of-service/agreement`. */
export const TermsAgreement = z.object({
  agreed: z.boolean(),
  termsOfServiceId: z.uuid().nullable(),
  agreedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TermsAgreement = z.infer<typeof TermsAgreement>;

/** `GET app-config`: what the browser needs to start, served by the API so one build runs anywhere. */
export const AppConfig = z.object({
  version: z.string(),
  oidc: z.object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    extraQueryParams: z.record(z.string(), z.string()),
  }),
  helpCenterUrl: z.string(),
  contactUrl: z.string(),
});
export type AppConfig = z.infer<typeof AppConfig>;
