import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseTrackerState, type TrackerState, writeTrackerState } from './tracker-state';

/**
 * The tracker's table state, read from and written to the URL. `update` takes the next state from the
 * current one; changes other than paging replace the history entry only when asked (typing a search).
 */
export function useTrackerState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized parameters are the identity
  const state = useMemo(() => parseTrackerState(params), [key]);
  const update = useCallback(
    (change: (current: TrackerState) => TrackerState, options?: { replace?: boolean }) => {
      setParams((current) => writeTrackerState(current, change(parseTrackerState(current))), {
        replace: options?.replace,
      });
    },
    [setParams],
  );
  return { state, update };
}
