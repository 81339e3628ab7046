import type { UiNotification } from './notification-types';

let current: UiNotification | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Keeps `notification` as the page notification until it is cleared. */
export function setPageNotification(notification: UiNotification): void {
  current = notification;
  emit();
}

export function clearPageNotification(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getPageNotification(): UiNotification | null {
  return current;
}

export function subscribePageNotification(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
