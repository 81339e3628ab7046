/** The tabs of a project's page, in order; the first is the default and stays out of the URL. */
export const PROJECT_TABS = [
  'overview',
  'contributors',
  'workflows',
  'terms',
  'map-data',
  'notifications',
] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const PROJECT_TAB_LABELS: Record<ProjectTab, string> = {
  overview: 'Overview',
  contributors: 'Contributors',
  workflows: 'Workflows',
  terms: 'Terms',
  'map-data': 'Map data',
  notifications: 'Notifications',
};
