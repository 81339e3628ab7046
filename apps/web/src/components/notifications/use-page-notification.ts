import { useSyncExternalStore } from 'react';
import { getPageNotification, subscribePageNotification } from './page-notification-store';

/** The last page-level error notification, or null. */
export function usePageNotification() {
  return useSyncExternalStore(subscribePageNotification, getPageNotification);
}
