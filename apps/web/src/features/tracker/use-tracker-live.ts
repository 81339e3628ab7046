import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hubClient } from '../../lib/hub/hub-client';
import { debounced, PERMIT_EVENT_TYPES } from '../permits/live/permit-events';
import { permitKeys } from '../permits/permit-keys';
import { catchUpBy, permitIdsOf, replaceRow } from './live-rows';
import { fetchOverviewRow, type OverviewPage } from './tracker-api';

/** How long a burst of events is gathered before the rows it touched are read again. */
export const TRACKER_LIVE_DELAY_MS = 400;

/**
 * Keeps the page shown current: when the hub says a permit on the page changed, that row is read again
 * (one request per permit after a burst) and put in place, or, on a filtered, searched or sorted page or
 * after a burst touching many rows (a bulk action), the page is read again; a permit that is gone or no longer visible, or a reconnect, reloads the page and its
 * summary.
 */
export function useTrackerLive(
  pageKey: readonly unknown[],
  rowIds: readonly string[],
  columns: string[],
  /**
   * Whether the page is filtered, searched or sorted: a change may then move a permit off the page or to
   * another place on it, so a burst reads the page again rather than its rows.
   */
  reordered = false,
) {
  const queryClient = useQueryClient();
  const latest = useRef({ pageKey, rowIds, columns, reordered });
  latest.current = { pageKey, rowIds, columns, reordered };

  useEffect(() => {
    const pending = new Set<string>();
    // Each row asked for is numbered, and each reload of the page counts: an answer that a later request
    // for the same row, or a reload, has overtaken is dropped rather than put over fresher data.
    const asked = new Map<string, number>();
    let sequence = 0;
    let reloads = 0;
    const reloadPage = () => {
      reloads += 1;
      // The page, its count and its summary; the caller's columns stay as they are.
      void queryClient.invalidateQueries({
        queryKey: permitKeys.overview(),
        predicate: ({ queryKey }) => queryKey[2] !== 'columns',
      });
    };
    const flush = debounced(() => {
      const { pageKey: key, columns: wanted } = latest.current;
      const ids = [...pending];
      pending.clear();
      if (catchUpBy(ids.length, latest.current.reordered) === 'page') {
        reloadPage();
        return;
      }
      for (const id of ids) {
        const mine = ++sequence;
        const reloadsThen = reloads;
        asked.set(id, mine);
        fetchOverviewRow(id, wanted)
          .then((row) => {
            if (asked.get(id) !== mine || reloads !== reloadsThen) return;
            queryClient.setQueryData<OverviewPage>(key, (page) => replaceRow(page, row));
          })
          .catch(() => {
            if (asked.get(id) === mine) reloadPage();
          });
      }
      // Totals and sums may have moved with the rows.
      void queryClient.invalidateQueries({ queryKey: [...permitKeys.overview(), 'summary'] });
    }, TRACKER_LIVE_DELAY_MS);

    const stops = PERMIT_EVENT_TYPES.map((type) =>
      hubClient.on(type, (payload) => {
        const onPage = permitIdsOf(payload).filter((id) => latest.current.rowIds.includes(id));
        if (onPage.length === 0) return;
        if (type === 'PermitDeleted') {
          reloadPage();
          return;
        }
        for (const id of onPage) pending.add(id);
        flush();
      }),
    );
    let wasConnected = hubClient.getState() === 'Connected';
    const stopWatching = hubClient.subscribe(() => {
      const connected = hubClient.getState() === 'Connected';
      if (connected && !wasConnected) reloadPage();
      wasConnected = connected;
    });
    return () => {
      for (const stop of stops) stop();
      stopWatching();
      flush.cancel();
    };
  }, [queryClient]);
}
