/** The tabs of a permit's side panel, in order; the first is the default and stays out of the URL. */
export const PANEL_TABS = ['comments', 'files', 'reports', 'activity', 'map'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

export const PANEL_TAB_LABELS: Record<PanelTab, string> = {
  comments: 'Comments',
  files: 'Files',
  reports: 'Reports',
  activity: 'Activity',
  map: 'Map',
};

/** The URL parameters of the panel: the open tab and a comment to show. */
export const PANEL_PARAM = 'panel';
export const COMMENT_PARAM = 'comment';

/** The tab named by `?panel=`, or the default (a linked comment always opens the comments tab). */
export function panelTabFromParams(params: URLSearchParams): PanelTab {
  if (params.get(COMMENT_PARAM)) return 'comments';
  const requested = params.get(PANEL_PARAM);
  return PANEL_TABS.find((tab) => tab === requested) ?? 'comments';
}
