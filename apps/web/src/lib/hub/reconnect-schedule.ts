/** Delays before each reconnection attempt; after the last one the hub stays disconnected. */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2_000, 10_000, 30_000];

/** The delay before attempt number `attempt` (0-based), or null when the schedule is exhausted. */
export function nextReconnectDelay(
  attempt: number,
  delays: readonly number[] = RECONNECT_DELAYS_MS,
): number | null {
  return attempt < delays.length ? (delays[attempt] ?? null) : null;
}
