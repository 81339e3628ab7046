import type {
  Application,
  NotificationEventType,
  NotificationPreference,
  OrganizationPermission,
  ProjectPermission,
  ProjectRole,
  ProjectStatus,
  RecentType,
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
  /** Also delivered to the room of this permit's open pages. */
  permit_id: Generated<string | null>;
  /** With organization_id: only to the organization's members who may see this project's permits. */
  project_id: Generated<string | null>;
  /** Not delivered to this permit's open pages (they hear the same change through another event). */
  except_permit_id: Generated<string | null>;
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

export interface NotificationDigestItemsTable {
  id: Generated<string>;
  user_id: string;
  project_id: string;
  permit_id: string;
  type: NotificationEventType;
  headline: string;
  summary: string | null;
  created_at: CreatedAt;
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
  permissions: ColumnType<ProjectPermission[], ProjectPermission[] | undefined, ProjectPermission[]>;
  created_at: CreatedAt;
}

export interface ProjectUserPermissionsTable {
  project_id: string;
  organization_id: string;
  user_id: string;
  permissions: ProjectPermission[];
  updated_at: Timestamp;
}

export interface ProjectRestrictionsTable {
  project_id: string;
  organization_id: string;
  reason: string;
  created_by: string | null;
  created_at: Timestamp;
}

export interface ProjectTermsTable {
  id: Generated<string>;
  project_id: string;
  version: number;
  html_content: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface ProjectTermsAcceptancesTable {
  terms_id: string;
  organization_id: string;
  accepted_by: string | null;
  accepted_at: CreatedAt;
}

export interface ProjectNotificationPrefsTable {
  user_id: string;
  project_id: string;
  muted: boolean;
  events: Json<Partial<Record<NotificationEventType, NotificationPreference>>>;
  updated_at: Timestamp;
}

export interface RecentsTable {
  user_id: string;
  type: RecentType;
  ref_id: string;
  metadata: Json<Record<string, string>>;
  viewed_at: Timestamp;
}

export interface ProjectAgolTable {
  project_id: string;
  url: string | null;
  service_url: string | null;
  layer_name: string | null;
  layer_id: number | null;
  spans_layer_name: string | null;
  spans_layer_id: number | null;
  poles_synced_at: Date | null;
  spans_synced_at: Date | null;
  data_updated_at: Date | null;
  pole_count: Generated<number>;
  span_count: Generated<number>;
  min_lon: number | null;
  min_lat: number | null;
  max_lon: number | null;
  max_lat: number | null;
  pole_fields: ColumnType<string[], string | undefined, string>;
  span_fields: ColumnType<string[], string | undefined, string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface ProjectPolesTable {
  id: Generated<string>;
  project_id: string;
  external_id: string;
  lon: number;
  lat: number;
  attributes: Json<Record<string, unknown>>;
  source: import('@crossarm/shared').GeodataSource;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProjectSpansTable {
  id: Generated<string>;
  project_id: string;
  external_id: string;
  coordinates: Json<[number, number][]>;
  from_pole_id: string | null;
  to_pole_id: string | null;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  attributes: Json<Record<string, unknown>>;
  source: import('@crossarm/shared').GeodataSource;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A named workflow of a project; its versions are in workflow_templates. */
export interface WorkflowTemplateGroupsTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  status: Generated<import('@crossarm/shared').WorkflowTemplateGroupStatus>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One version of a group: a Draft edited freely, or Published and frozen (a trigger refuses changes). */
export interface WorkflowTemplatesTable {
  id: Generated<string>;
  project_id: string;
  group_id: string;
  version: number;
  status: Generated<import('@crossarm/shared').WorkflowTemplateStatus>;
  definition: ColumnType<import('@crossarm/shared').WorkflowDefinition, string | undefined, string>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  published_at: Date | null;
  published_by: string | null;
}

/** An organization's saved timer. */
export interface TimerPresetsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  description: string | null;
  timer: Json<import('@crossarm/shared').PresetTimer>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** A project's permit number counter: the last number given. */
export interface PermitCountersTable {
  project_id: string;
  last_number: Generated<number>;
}

/** An attacher's application on a project, running on one published template version. */
export interface PermitsTable {
  id: Generated<string>;
  project_id: string;
  applicant_organization_id: string;
  template_id: string;
  permit_number: string;
  status: Generated<import('@crossarm/shared').PermitStatus>;
  restricted: Generated<boolean>;
  restricted_reason: string | null;
  on_hold_reason: string | null;
  location: string | null;
  actual_poles: number | null;
  active_stage_key: string | null;
  /** The first open task of the active stage, by position: kept by the database (see its migration). */
  next_up_task_key: ColumnType<string | null, never, never>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_activity_at: Timestamp;
  completed_at: Date | null;
}

export interface PermitStagesTable {
  permit_id: string;
  project_id: string;
  stage_key: string;
  position: number;
  library_entry_id: string;
  name: string;
  status: import('@crossarm/shared').StageStatus;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface PermitTasksTable {
  permit_id: string;
  project_id: string;
  stage_key: string;
  task_key: string;
  position: number;
  library_entry_id: string;
  name: string;
  required: boolean;
  status: import('@crossarm/shared').TaskStatus;
  ready_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  completed_by: string | null;
}

/** A person working a permit's task. */
export interface PermitTaskAssignmentsTable {
  permit_id: string;
  task_key: string;
  user_id: string;
  assigned_by: string | null;
  assigned_at: Timestamp;
  /** The task exists and is not Completed: kept by the database from the task's status. */
  task_open: Generated<boolean>;
}

/** A value filled in on a permit: on the application form (no task key) or on a task. */
export interface PermitPropertyValuesTable {
  permit_id: string;
  project_id: string;
  property_entry_id: string;
  task_key: string | null;
  value: Json<unknown>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A permit's history, append-only. */
export interface PermitActivityTable {
  id: Generated<string>;
  permit_id: string;
  project_id: string;
  kind: import('@crossarm/shared').PermitActivityKind;
  actor_user_id: string | null;
  created_at: CreatedAt;
  summary: string;
  before: NullableJson<Record<string, unknown>>;
  after: NullableJson<Record<string, unknown>>;
}

/** A pole a permit applies for, by the project pole's external id, in the order they were given. */
export interface PermitPolesTable {
  permit_id: string;
  project_id: string;
  external_id: string;
  position: number;
}

/** A comment on a permit; `seq` orders them. */
export interface PermitCommentsTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  permit_id: string;
  project_id: string;
  author_user_id: string | null;
  author_organization_id: string | null;
  html: string;
  created_at: CreatedAt;
}

export interface PermitCommentMentionsTable {
  comment_id: string;
  user_id: string;
  permit_id: string;
}

export interface PermitCommentFilesTable {
  comment_id: string;
  file_id: string;
  position: number;
}

/** One person's mark that they have read one comment. */
export interface PermitCommentReadsTable {
  user_id: string;
  comment_id: string;
  permit_id: string;
  read_at: CreatedAt;
}

/** A file attached to a permit; its id is the stored file's. Deleted files stay, hidden. */
export interface PermitFilesTable {
  file_id: string;
  permit_id: string;
  project_id: string;
  file_type: import('@crossarm/shared').PermitFileType;
  uploaded_by: string | null;
  uploaded_by_organization_id: string;
  uploaded_at: CreatedAt;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/** A permit's design report: an uploaded file or a linked design; one per permit is the latest. */
export interface PermitReportsTable {
  id: Generated<string>;
  permit_id: string;
  project_id: string;
  file_id: string | null;
  design_id: string | null;
  design_url: string | null;
  is_latest: Generated<boolean>;
  created_by: string | null;
  created_by_organization_id: string;
  created_at: CreatedAt;
  deleted_at: Date | null;
  deleted_by: string | null;
}

/** A request to cancel a permit (or a direct cancellation, stored approved) and how it ended. */
export interface PermitCancelRequestsTable {
  id: Generated<string>;
  permit_id: string;
  project_id: string;
  reason: string | null;
  requested_by: string | null;
  requested_at: CreatedAt;
  status: Generated<import('@crossarm/shared').CancelRequestStatus>;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  undone_by: string | null;
  undone_at: Date | null;
  previous_status: 'Active' | 'OnHold';
}

/** A deadline clock a permit started, for one stage or task timer; settings copied when it started. */
export interface PermitTimersTable {
  permit_id: string;
  project_id: string;
  owner_key: string;
  owner_kind: import('@crossarm/shared').TimerOwnerKind;
  /** The library entry of the stage or task the clock belongs to. */
  owner_entry_id: string | null;
  stage_key: string;
  duration_days: number;
  day_kind: import('@crossarm/shared').TimerDayKind;
  pauses_on_hold: boolean;
  on_breach: Json<import('@crossarm/shared').TimerBreach>;
  time_zone: Generated<string>;
  started_at: Timestamp;
  stopped_at: Date | null;
  holds: Json<import('@crossarm/shared').TimerHold[]>;
  due_at: Date | null;
  breached_at: Date | null;
  flagged: Generated<boolean>;
}

/** A saved view of the permit tracker. */
export interface CustomViewsTable {
  id: Generated<string>;
  owner_user_id: string;
  owner_organization_id: string;
  application: Generated<import('@crossarm/shared').ViewApplication>;
  type: import('@crossarm/shared').CustomViewType;
  name: string;
  description: Generated<string>;
  column_options: Json<string[]>;
  filter_options: NullableJson<import('@crossarm/shared').FilterGroup>;
  sort_options: Json<{ dataId: string; direction: import('@crossarm/shared').SortDirection }[]>;
  summary_row_options: Json<import('@crossarm/shared').OverviewSummaryOption[]>;
  is_summary_visible: Generated<boolean>;
  map_center: NullableJson<import('@crossarm/shared').MapCenter>;
  map_zoom: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CustomViewUserPermissionsTable {
  view_id: string;
  user_id: string;
  permission: 'Manage' | 'Edit' | 'View';
}

export interface CustomViewOrganizationPermissionsTable {
  view_id: string;
  organization_id: string;
  permission: 'Manage' | 'Edit' | 'View';
}

/** A person's default view and favourites, per working organization. */
export interface ViewPrefsTable {
  user_id: string;
  organization_id: string;
  default_views: Json<import('@crossarm/shared').DefaultViewPref[]>;
  favorite_views: Json<import('@crossarm/shared').FavoriteView[]>;
  favorite_folders: Json<import('@crossarm/shared').FavoriteFolder[]>;
  view_ids: ColumnType<string[], string[], string[]>;
  updated_at: Timestamp;
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
  project_agol: ProjectAgolTable;
  project_poles: ProjectPolesTable;
  project_spans: ProjectSpansTable;
  project_user_permissions: ProjectUserPermissionsTable;
  project_restrictions: ProjectRestrictionsTable;
  project_terms: ProjectTermsTable;
  project_terms_acceptances: ProjectTermsAcceptancesTable;
  project_notification_prefs: ProjectNotificationPrefsTable;
  notification_digest_items: NotificationDigestItemsTable;
  recents: RecentsTable;
  library_entries: LibraryEntriesTable;
  workflow_template_groups: WorkflowTemplateGroupsTable;
  workflow_templates: WorkflowTemplatesTable;
  timer_presets: TimerPresetsTable;
  permit_counters: PermitCountersTable;
  permits: PermitsTable;
  permit_stages: PermitStagesTable;
  permit_tasks: PermitTasksTable;
  permit_property_values: PermitPropertyValuesTable;
  permit_task_assignments: PermitTaskAssignmentsTable;
  permit_activity: PermitActivityTable;
  permit_timers: PermitTimersTable;
  permit_cancel_requests: PermitCancelRequestsTable;
  permit_files: PermitFilesTable;
  permit_reports: PermitReportsTable;
  permit_poles: PermitPolesTable;
  permit_comments: PermitCommentsTable;
  permit_comment_mentions: PermitCommentMentionsTable;
  permit_comment_files: PermitCommentFilesTable;
  permit_comment_reads: PermitCommentReadsTable;
  custom_views: CustomViewsTable;
  custom_view_user_permissions: CustomViewUserPermissionsTable;
  custom_view_organization_permissions: CustomViewOrganizationPermissionsTable;
  view_prefs: ViewPrefsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
