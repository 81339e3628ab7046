import { useEffect } from 'react';
import { setDirtyFlag } from './dirty-flags-store';

/** Marks the page dirty under `name` while `dirty` is true; the flag is removed on unmount. */
export function useDirtyFlag(name: string, dirty: boolean): void {
  useEffect(() => {
    setDirtyFlag(name, dirty);
  }, [name, dirty]);
  useEffect(() => () => setDirtyFlag(name, false), [name]);
}
