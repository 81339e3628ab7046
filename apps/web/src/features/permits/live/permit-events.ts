import { NotificationEventType } from '@crossarm/shared';

// Which hub events are about an open permit, and how a burst of them becomes one refresh.

/** Every event the hub may send about permits (the notification event types). */
export const PERMIT_EVENT_TYPES: readonly string[] = NotificationEventType.options;

/** Whether an event's payload is about this permit: it names it (`permitId`), or lists it (`permitIds`). */
export function isAboutPermit(payload: unknown, permitId: string): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const record = payload as { permitId?: unknown; permitIds?: unknown };
  if (record.permitId === permitId) return true;
  return Array.isArray(record.permitIds) && record.permitIds.includes(permitId);
}

/** A function that runs `run` once, `waitMs` after the last of a burst of calls; `cancel` drops a pending run. */
export function debounced(run: () => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      run();
    }, waitMs);
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return call;
}
