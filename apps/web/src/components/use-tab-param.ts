import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_PARAM_KEYS } from './data-table/use-list-params';

/**
 * The open tab of a page, kept in the URL (`?tab=`). The first tab is the default and stays out of the
 * URL; switching tabs starts the new tab's list from its defaults.
 */
export function useTabParam<Tab extends string>(tabs: readonly Tab[]): [Tab, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = tabs[0] as Tab;
  const current = tabs.find((tab) => tab === params.get('tab')) ?? fallback;
  const select = useCallback(
    (requested: string | null) => {
      const tab = tabs.find((candidate) => candidate === requested);
      if (!tab) return;
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const key of LIST_PARAM_KEYS) next.delete(key);
        if (tab === fallback) next.delete('tab');
        else next.set('tab', tab);
        return next;
      });
    },
    [setParams, fallback, tabs],
  );
  return [current, select];
}
