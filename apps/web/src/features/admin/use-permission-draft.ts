import { useEffect, useState } from 'react';
import { useDirtyFlag } from '../../components/unsaved-changes/use-dirty-flag';

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** The permissions being edited, reset whenever the saved ones change, and whether they differ. */
export function usePermissionDraft<P extends string>(saved: readonly P[], dirtyKey: string) {
  const [chosen, setChosen] = useState<P[]>([...saved]);
  useEffect(() => setChosen([...saved]), [saved]);
  const dirty = !same(chosen, saved);
  useDirtyFlag(dirtyKey, dirty);
  return { chosen, setChosen, dirty, discard: () => setChosen([...saved]) };
}
