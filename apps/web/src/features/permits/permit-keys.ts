/**
 * Query keys of permits. Everything about one permit sits under `permitKeys.detail(id)`, so one
 * invalidation (after a write, or when the hub says the permit changed) refreshes the whole page.
 */
export const permitKeys = {
  all: ['permits'] as const,
  detail: (id: string) => [...permitKeys.all, 'detail', id] as const,
  header: (id: string) => [...permitKeys.detail(id), 'header'] as const,
  trackerHeader: (id: string) => [...permitKeys.detail(id), 'tracker-header'] as const,
  stageHeaders: (id: string) => [...permitKeys.detail(id), 'stage-headers'] as const,
  stage: (id: string, stageId: string) => [...permitKeys.detail(id), 'stage', stageId] as const,
  properties: (id: string) => [...permitKeys.detail(id), 'properties'] as const,
  timers: (id: string) => [...permitKeys.detail(id), 'timers'] as const,
  comments: (id: string) => [...permitKeys.detail(id), 'comments'] as const,
  files: (id: string) => [...permitKeys.detail(id), 'files'] as const,
  reports: (id: string) => [...permitKeys.detail(id), 'reports'] as const,
  activity: (id: string) => [...permitKeys.detail(id), 'activity'] as const,
  map: (id: string) => [...permitKeys.detail(id), 'map'] as const,
  mapFeatures: (id: string) => [...permitKeys.map(id), 'features'] as const,
  /** The side panel's comment pages: the latest ones, or those from a linked comment's page (`focus`). */
  commentPages: (id: string, focus: string | null) => [...permitKeys.comments(id), 'pages', focus] as const,
  commentPageOf: (id: string, commentId: string, pageSize: number) =>
    [...permitKeys.comments(id), 'page-of', commentId, pageSize] as const,
  commentsUnread: (id: string) => [...permitKeys.comments(id), 'unread'] as const,
  mentionable: (id: string, filter: string) => [...permitKeys.comments(id), 'mentionable', filter] as const,
  fileList: (id: string, query: object) => [...permitKeys.files(id), 'list', query] as const,
  activityFilters: (id: string) => [...permitKeys.activity(id), 'filters'] as const,
  activityPage: (id: string, params: object) => [...permitKeys.activity(id), 'page', params] as const,
  mapMetadata: (id: string) => [...permitKeys.map(id), 'metadata'] as const,
  /** Whether a design link (id and address) can be added as a report. */
  designLinkCheck: (designId: string, designUrl: string) =>
    [...permitKeys.all, 'design-link-check', designId, designUrl] as const,
  /** The people of a permit's project who can be picked (assignees, User properties). */
  projectPeople: (projectId: string) => [...permitKeys.all, 'project-people', projectId] as const,
  /** Application drafts and the application form of a project's workflow. */
  application: () => [...permitKeys.all, 'application'] as const,
  /** The names of people a tracker filter refers to. */
  peopleNamed: (ids: readonly string[]) => [...permitKeys.all, 'people-named', [...ids].sort()] as const,
  /** The permit tracker: the caller's columns, and its pages, summaries and single rows. */
  overview: () => [...permitKeys.all, 'overview'] as const,
  overviewColumns: () => [...permitKeys.overview(), 'columns'] as const,
  overviewPage: (request: object) => [...permitKeys.overview(), 'page', request] as const,
  overviewSummary: (request: object) => [...permitKeys.overview(), 'summary', request] as const,
  /** Projects or organizations matching a search, for a tracker filter's value picker. */
  filterNames: (kind: string, filter: string) => [...permitKeys.all, 'filter-names', kind, filter] as const,
  /** People the caller may see, matching a search, for the tracker's bulk assignment. */
  bulkAssignPeople: (filter: string) => [...permitKeys.all, 'bulk-assign-people', filter] as const,
  /** My Work: the caller's tasks and mentions, and the count of unread mentions for the tab's badge. */
  myWork: () => [...permitKeys.all, 'my-work'] as const,
  myTasks: (request: object, paging: object) => [...permitKeys.myWork(), 'tasks', request, paging] as const,
  myMentions: (request: object, paging: object) =>
    [...permitKeys.myWork(), 'mentions', request, paging] as const,
  myMentionsUnread: () => [...permitKeys.myWork(), 'mentions-unread'] as const,
  myWorkProjects: () => [...permitKeys.myWork(), 'projects'] as const,
};
