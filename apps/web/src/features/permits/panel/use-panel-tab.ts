import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { COMMENT_PARAM, PANEL_PARAM, PANEL_TABS, type PanelTab, panelTabFromParams } from './panel-tabs';

/** The open tab of the permit panel, kept in the URL (`?panel=files`); the default stays out of it. */
export function usePanelTab(): [PanelTab, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const current = panelTabFromParams(params);
  const select = useCallback(
    (requested: string | null) => {
      const tab = PANEL_TABS.find((candidate) => candidate === requested);
      if (!tab) return;
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(COMMENT_PARAM);
          if (tab === PANEL_TABS[0]) next.delete(PANEL_PARAM);
          else next.set(PANEL_PARAM, tab);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [current, select];
}
