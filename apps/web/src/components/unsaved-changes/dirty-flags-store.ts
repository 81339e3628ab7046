// Page dirty state: boolean flags keyed by name (one per form or editor), published as one combined value.
const flags = new Map<string, boolean>();
let combined = false;
const listeners = new Set<() => void>();

function publish(): void {
  const next = [...flags.values()].some(Boolean);
  if (next === combined) return;
  combined = next;
  for (const listener of listeners) listener();
}

export function setDirtyFlag(name: string, dirty: boolean): void {
  if (dirty) flags.set(name, true);
  else flags.delete(name);
  publish();
}

export function clearAllDirtyFlags(): void {
  flags.clear();
  publish();
}

/** True while any flag is set. */
export function hasUnsavedChanges(): boolean {
  return combined;
}

export function subscribeDirtyFlags(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
