export const VERSION_POLL_INTERVAL_MS = 10_000;
export const VERSION_SNOOZE_MS = 60_000;

/** Reads version.txt; null when the answer is not a version (e.g. an HTML fallback page). */
export function parseVersionText(text: string, contentType: string | null): string | null {
  if (contentType?.includes('text/html')) return null;
  const version = text.trim();
  if (!version || version.length > 200 || version.includes('<')) return null;
  return version;
}

export interface VersionPromptState {
  /** The prompt is on screen. */
  prompting: boolean;
  /** No prompt before this time (ms since epoch): set when the user declines. */
  snoozedUntil: number;
}

/** Prompt when a different build is deployed, unless already prompting or the user said not now. */
export function shouldPromptForVersion(
  latest: string | null,
  builtIn: string,
  state: VersionPromptState,
  now: number,
): boolean {
  return latest !== null && latest !== builtIn && !state.prompting && now >= state.snoozedUntil;
}
