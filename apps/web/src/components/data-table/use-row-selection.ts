import { useEffect, useState } from 'react';

/** Selected row ids; cleared whenever `resetKey` changes (a new search or filter). */
export function useRowSelection(resetKey: string) {
  const [selected, setSelected] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the trigger
  useEffect(() => setSelected([]), [resetKey]);
  return { selected, setSelected, clear: () => setSelected([]) };
}
