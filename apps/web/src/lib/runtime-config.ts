import type { AppConfig } from '@crossarm/shared';

let current: AppConfig | null = null;

/** Remembers the configuration served by the API so code outside React (notifications) can read it. */
export function setRuntimeConfig(config: AppConfig): void {
  current = config;
}

/** The configuration loaded at boot, or null before boot finished (or when it failed). */
export function getRuntimeConfig(): AppConfig | null {
  return current;
}
