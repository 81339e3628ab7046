/** How far a key moves the focus through a table's rows, by rows; PageUp and PageDown move by `page`. */
export function rowFocusTarget(key: string, index: number, count: number, page = 10): number | null {
  if (count === 0) return null;
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? null : Math.max(0, Math.min(count - 1, target));
}

/** Whether a key was pressed without Alt, Ctrl or Meta, whose combinations belong to the browser. */
export function isPlainKey(event: { altKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return !event.altKey && !event.ctrlKey && !event.metaKey;
}
