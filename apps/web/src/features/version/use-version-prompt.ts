import { useEffect } from 'react';
import { showSnackbar } from '../../components/notifications/notify';
import { builtInVersion } from '../../lib/app-version';
import { fetchLatestWebVersion } from './api';
import {
  shouldPromptForVersion,
  VERSION_POLL_INTERVAL_MS,
  VERSION_SNOOZE_MS,
  type VersionPromptState,
} from './version-check';

const SNACKBAR_ID = 'new-version-available';

/** Polls for a newer front-end build and offers to reload; after 'Dismiss' it waits a minute to ask again. */
export function useVersionPrompt(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const state: VersionPromptState = { prompting: false, snoozedUntil: 0 };
    const snooze = () => {
      state.prompting = false;
      state.snoozedUntil = Date.now() + VERSION_SNOOZE_MS;
    };
    const check = async () => {
      let latest: string | null = null;
      try {
        latest = await fetchLatestWebVersion();
      } catch {
        return; // Offline or server restarting: try again at the next tick.
      }
      if (!shouldPromptForVersion(latest, builtInVersion, state, Date.now())) return;
      state.prompting = true;
      showSnackbar({
        id: SNACKBAR_ID,
        message: 'A new version is available. Refresh now?',
        actions: [
          { label: 'Refresh', onClick: () => window.location.reload() },
          { label: 'Dismiss', onClick: snooze },
        ],
        onDismiss: snooze,
      });
    };
    const timer = setInterval(() => void check(), VERSION_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
