import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { parseTrackerState, type TrackerState, writeTrackerState } from './tracker-state';

/**
 * The tracker's table state, read from and written to the URL. `update` takes the next state from the
 * current one; changes other than paging replace the history entry only when asked (typing a search).
 *
 * A change is made to the newest state, even when the URL has not caught up yet: the router applies a
 * navigation a moment later, so two quick changes (a sort, then a summary) would otherwise both start
 * from the same address and the second would undo the first. The addresses written and not yet shown
 * are kept in order; one shown drops it and those before it, and any other address (back, a link)
 * drops them all.
 */
export function useTrackerState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized parameters are the identity
  const state = useMemo(() => parseTrackerState(params), [key]);
  const shown = useRef(key);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    shown.current = key;
    const at = pending.current.indexOf(key);
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
  }, [key]);
  const update = useCallback(
    (change: (current: TrackerState) => TrackerState, options?: { replace?: boolean }) => {
      const base = new URLSearchParams(pending.current.at(-1) ?? shown.current);
      const next = writeTrackerState(base, change(parseTrackerState(base)));
      pending.current.push(next.toString());
      setParams(next, { replace: options?.replace });
    },
    [setParams],
  );
  return { state, update, rawFilter: params.get('filter') };
}
