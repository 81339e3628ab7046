/**
 * Runs `work` every `everyMs`, one run at a time (a tick while one runs is skipped); a failure is logged and
 * the next tick tries again. The timer does not keep the process alive. Returns the function that stops it
 * and waits for a run under way.
 */
export function startPeriodic(
  log: { warn(details: object, message: string): void },
  failure: string,
  work: () => Promise<unknown>,
  everyMs: number,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = work()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
