import type { Migration } from 'kysely';
import * as organizationsAndUsers from './20261121T220000-organizations-and-users.ts';
import * as permissions from './20261121T220100-permissions.ts';
import * as legal from './20261121T220200-legal.ts';
import * as identity from './20261121T220300-identity.ts';
import * as events from './20261121T220400-events.ts';
import * as auditLog from './20261121T230000-audit-log.ts';
import * as libraryEntries from './20261121T230100-library-entries.ts';
import * as organizationDomains from './20261121T230200-organization-domains.ts';
import * as mailOutbox from './20261121T230300-mail-outbox.ts';
import * as userTokens from './20261121T230400-user-tokens.ts';
import * as storedFiles from './20261121T230500-stored-files.ts';
import * as userMfa from './20261121T230600-user-mfa.ts';
import * as searchIndexes from './20261121T230700-search-indexes.ts';
import * as projects from './20261122T000000-projects.ts';
import * as workflowTemplates from './20261122T010000-workflow-templates.ts';
import * as projectGeodata from './20261122T020000-project-geodata.ts';
import * as projectPermissions from './20261122T030000-project-permissions.ts';
import * as projectRestrictions from './20261122T030100-project-restrictions.ts';
import * as projectTerms from './20261122T030200-project-terms.ts';
import * as notificationPrefsAndRecents from './20261122T030300-notification-prefs-and-recents.ts';
import * as permits from './20261122T040000-permits.ts';
import * as permitTaskAssignments from './20261122T050000-permit-task-assignments.ts';
import * as permitCancelRequests from './20261122T050100-permit-cancel-requests.ts';
import * as permitComments from './20261122T050200-permit-comments.ts';
import * as permitTimers from './20261122T050300-permit-timers.ts';
import * as permitFilesAndReports from './20261122T050400-permit-files-and-reports.ts';
import * as permitPolesAndRooms from './20261122T050500-permit-poles-and-rooms.ts';
import * as permitDrafts from './20261122T060000-permit-drafts.ts';
import * as notificationDigest from './20261122T060100-notification-digest.ts';
import * as overviewIndexes from './20261122T060200-overview-indexes.ts';
import * as views from './20261122T070000-views.ts';
import * as overviewSpeed from './20261122T081000-overview-speed.ts';
import * as overviewStageIndex from './20261122T081001-overview-stage-index.ts';
import * as overviewCoveringIndexes from './20261126T020000-overview-covering-indexes.ts';
import * as overviewValueSets from './20261126T060000-overview-value-sets.ts';
import * as openTaskAssignments from './20261126T220000-open-task-assignments.ts';
import * as timerCountedDays from './20261127T040000-timer-counted-days.ts';
import * as timerEntries from './20261127T050000-timer-entries.ts';
import * as timerPermitEntries from './20261127T090000-timer-permit-entries.ts';
import * as timerLocalDayStart from './20261127T100000-timer-local-day-start.ts';
import * as valueKindStatistics from './20261127T120000-value-kind-statistics.ts';
import * as workflowSortIndexes from './20261127T130000-workflow-sort-indexes.ts';
import * as openTaskNameCovering from './20261127T140000-open-task-name-covering.ts';
import * as permitNextUpTask from './20261127T220000-permit-next-up-task.ts';
import * as overviewContextVersion from './20261128T010000-overview-context-version.ts';
import * as timerEntryPermitIndex from './20261128T020000-timer-entry-permit-index.ts';
import * as timerDaysInUtc from './20261129T010000-timer-days-in-utc.ts';
import * as activeStageWorkflowOrder from './20261129T120000-active-stage-workflow-order.ts';
import * as eventProjectRooms from './20261201T220000-event-project-rooms.ts';
import * as permitFacts from './20261202T190000-permit-facts.ts';
import * as permitFactsOwnColumns from './20261204T180000-permit-facts-own-columns.ts';
import * as permitTexts from './20261204T190000-permit-texts.ts';
import * as permitFactsLockedRefresh from './20261204T200000-permit-facts-locked-refresh.ts';
import * as sessionVersion from './20261204T210000-session-version.ts';
import * as sessionVersionLockOrder from './20261204T220000-session-version-lock-order.ts';

/** Every migration, by its timestamped name. Append new ones; never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '20261121T220000-organizations-and-users': organizationsAndUsers,
  '20261121T220100-permissions': permissions,
  '20261121T220200-legal': legal,
  '20261121T220300-identity': identity,
  '20261121T220400-events': events,
  '20261121T230000-audit-log': auditLog,
  '20261121T230100-library-entries': libraryEntries,
  '20261121T230200-organization-domains': organizationDomains,
  '20261121T230300-mail-outbox': mailOutbox,
  '20261121T230400-user-tokens': userTokens,
  '20261121T230500-stored-files': storedFiles,
  '20261121T230600-user-mfa': userMfa,
  '20261121T230700-search-indexes': searchIndexes,
  '20261122T000000-projects': projects,
  '20261122T010000-workflow-templates': workflowTemplates,
  '20261122T020000-project-geodata': projectGeodata,
  '20261122T030000-project-permissions': projectPermissions,
  '20261122T030100-project-restrictions': projectRestrictions,
  '20261122T030200-project-terms': projectTerms,
  '20261122T030300-notification-prefs-and-recents': notificationPrefsAndRecents,
  '20261122T040000-permits': permits,
  '20261122T050000-permit-task-assignments': permitTaskAssignments,
  '20261122T050100-permit-cancel-requests': permitCancelRequests,
  '20261122T050200-permit-comments': permitComments,
  '20261122T050300-permit-timers': permitTimers,
  '20261122T050400-permit-files-and-reports': permitFilesAndReports,
  '20261122T050500-permit-poles-and-rooms': permitPolesAndRooms,
  '20261122T060000-permit-drafts': permitDrafts,
  '20261122T060100-notification-digest': notificationDigest,
  '20261122T060200-overview-indexes': overviewIndexes,
  '20261122T070000-views': views,
  '20261122T081000-overview-speed': overviewSpeed,
  '20261122T081001-overview-stage-index': overviewStageIndex,
  '20261126T020000-overview-covering-indexes': overviewCoveringIndexes,
  '20261126T060000-overview-value-sets': overviewValueSets,
  '20261126T220000-open-task-assignments': openTaskAssignments,
  '20261127T040000-timer-counted-days': timerCountedDays,
  '20261127T050000-timer-entries': timerEntries,
  '20261127T090000-timer-permit-entries': timerPermitEntries,
  '20261127T100000-timer-local-day-start': timerLocalDayStart,
  '20261127T120000-value-kind-statistics': valueKindStatistics,
  '20261127T130000-workflow-sort-indexes': workflowSortIndexes,
  '20261127T140000-open-task-name-covering': openTaskNameCovering,
  '20261127T220000-permit-next-up-task': permitNextUpTask,
  '20261128T010000-overview-context-version': overviewContextVersion,
  '20261128T020000-timer-entry-permit-index': timerEntryPermitIndex,
  '20261129T010000-timer-days-in-utc': timerDaysInUtc,
  '20261129T120000-active-stage-workflow-order': activeStageWorkflowOrder,
  '20261201T220000-event-project-rooms': eventProjectRooms,
  '20261202T190000-permit-facts': permitFacts,
  '20261204T180000-permit-facts-own-columns': permitFactsOwnColumns,
  '20261204T190000-permit-texts': permitTexts,
  '20261204T200000-permit-facts-locked-refresh': permitFactsLockedRefresh,
  '20261204T210000-session-version': sessionVersion,
  '20261204T220000-session-version-lock-order': sessionVersionLockOrder,
};
