// Escape in the tracker's Filter and Sort panels: an open option list inside a panel marks its input, and
// Escape there closes the list, not the panel with what is being edited in it. A second Escape, with no
// list open, closes the panel.

/** What the key event has that matters: the key and the element it was pressed in. */
export interface EscapeKey {
  key: string;
  target: EventTarget | { getAttribute(name: string): string | null } | null;
}

/** Whether a key closes the panel: Escape pressed anywhere in it except in an input whose list is open. */
export function escapeClosesPanel(event: EscapeKey): boolean {
  if (event.key !== 'Escape') return false;
  const target = event.target as { getAttribute?: (name: string) => string | null } | null;
  return target?.getAttribute?.('data-mantine-stop-propagation') !== 'true';
}
