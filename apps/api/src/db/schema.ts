import type {
  Application,
  OrganizationPermission,
  ProjectRole,
  ProjectStatus,
  SystemPermission,
  UserRole,
  UserStatus,
} from '@crossarm/shared';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are written as Date or ISO text and read back as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  website: string | null;
  logo_file_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrganizationApplicationsTable {
  organization_id: string;
  application: Application;
  enabled_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  title: string | null;
  status: UserStatus;
  role: UserRole;
  dark_mode: Generated<boolean>;
  organization_id: string | null;
  password_hash: string | null;
  identity_subject: string | null;
  last_sign_in_at: Date | null;
  avatar_file_id: string | null;
  mfa_secret: string | null;
  mfa_enrolled_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserSystemPermissionsTable {
  user_id: string;
  permission: SystemPermission;
}

export interface UserOrganizationsTable {
  user_id: string;
  organization_id: string;
  created_at: CreatedAt;
}

export interface UserOrganizationPermissionsTable {
  user_id: string;
  organization_id: string;
  permission: OrganizationPermission;
}

export interface PolicyVersionsTable {
  id: Generated<string>;
  version: number;
  html_content: string;
  created_at: CreatedAt;
}

export interface TermsAgreementsTable {
  user_id: string;
  terms_of_service_id: string;
  agreed_at: CreatedAt;
}

export interface IdentityPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

export interface IdentityKeysTable {
  id: Generated<string>;
  kind: 'signing' | 'cookie';
  material: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Generated<string>;
  type: string;
  user_id: string | null;
  organization_id: string | null;
  payload: Json<Record<string, unknown>>;
  connection_id: string | null;
  created_at: CreatedAt;
  published_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  organization_id: string | null;
  before: NullableJson<Record<string, unknown>>;
  after: NullableJson<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface OrganizationDomainsTable {
  organization_id: string;
  domain_name: string;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  user_id: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  error: string | null;
}

export interface UserTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'invitation' | 'password-reset';
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface StoredFilesTable {
  id: Generated<string>;
  organization_id: string | null;
  purpose: string;
  original_name: string;
  content_type: string;
  size_bytes: ColumnType<string, number | string, never>;
  storage_key: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface LibraryEntriesTable {
  id: Generated<string>;
  application: Generated<Application>;
  kind: import('@crossarm/shared').LibraryKind;
  name: string;
  description: string | null;
  status: Generated<import('@crossarm/shared').LibraryStatus>;
  field_type: import('@crossarm/shared').FieldType | null;
  render_options: NullableJson<Record<string, unknown>>;
  default_duration_days: number | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  archived_at: Date | null;
}

export interface ProjectsTable {
  id: Generated<string>;
  owner_organization_id: string;
  name: string;
  project_code: string;
  description: string | null;
  status: Generated<ProjectStatus>;
  archived_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProjectOrganizationsTable {
  project_id: string;
  organization_id: string;
  role: ProjectRole;
  created_at: CreatedAt;
}

export interface Database {
  organizations: OrganizationsTable;
  organization_applications: OrganizationApplicationsTable;
  users: UsersTable;
  user_system_permissions: UserSystemPermissionsTable;
  user_organizations: UserOrganizationsTable;
  user_organization_permissions: UserOrganizationPermissionsTable;
  terms_of_service: PolicyVersionsTable;
  privacy_policies: PolicyVersionsTable;
  terms_agreements: TermsAgreementsTable;
  identity_payloads: IdentityPayloadsTable;
  identity_keys: IdentityKeysTable;
  login_failures: LoginFailuresTable;
  events: EventsTable;
  audit_log: AuditLogTable;
  organization_domains: OrganizationDomainsTable;
  mail_outbox: MailOutboxTable;
  user_tokens: UserTokensTable;
  stored_files: StoredFilesTable;
  projects: ProjectsTable;
  project_organizations: ProjectOrganizationsTable;
  library_entries: LibraryEntriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
