import { useSyncExternalStore } from 'react';
import { hasUnsavedChanges, subscribeDirtyFlags } from './dirty-flags-store';

/** The combined dirty value of the page. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribeDirtyFlags, hasUnsavedChanges);
}
