export type UiNotificationType = 'error' | 'success' | 'warn' | 'info';

export interface UiNotificationAction {
  label: string;
  onClick?: () => void;
}

/** A message for the user: a toast ("bubble"), and for page errors also a page-level alert. */
export interface UiNotification {
  type: UiNotificationType;
  title?: string;
  message?: string;
  /** Rich text from the server; sanitised before display. */
  html?: string;
  /** An error that concerns the whole page: kept as the page notification until cleared. */
  isPage?: boolean;
  /** No toast; only the page notification (if isPage) is shown. */
  bubbleHidden?: boolean;
  actions?: UiNotificationAction[];
  showHelpCenterLink?: boolean;
}

export const notificationColors: Record<UiNotificationType, string> = {
  error: 'red',
  success: 'green',
  warn: 'yellow',
  info: 'blue',
};

/** Toast durations: errors stay long enough to be read and reported. */
export const notificationDurations: Record<UiNotificationType, number> = {
  error: 30_000,
  success: 5_000,
  warn: 5_000,
  info: 5_000,
};

export const SNACKBAR_DURATION_MS = 60_000;
