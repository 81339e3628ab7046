import { mkdir } from 'node:fs/promises';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo.ts';
import { startDigestSweep } from './modules/notifications/digest.ts';
import { startBreachSweep } from './modules/permits/timer-state-sweep.ts';
import { createLocalStorage } from './storage/file-storage.ts';

/** Starts Crossarm: database, migrations, the app, then listening; stops cleanly on a signal. */
export async function startServer(config: Config) {
  if (config.database.kind === 'pglite') await mkdir(config.database.dir, { recursive: true });
  await mkdir(config.filesDir, { recursive: true });
  const database = await openDatabase(config.database);
  const { applied, seeded } = await prepareDatabase(database.db, {
    seedDemo: config.seedDemo,
    storage: createLocalStorage(config.filesDir),
  });
  const app = await buildApp({ config, db: database.db });
  // Deadlines pass between requests: a periodic sweep records breached permit timers.
  const stopBreachSweep = startBreachSweep(app);
  // Digest e-mails go out once their oldest item has waited a day.
  const stopDigestSweep = startDigestSweep(app);
  app.addHook('onClose', async () => {
    await stopBreachSweep();
    await stopDigestSweep();
    await database.close();
  });
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  printWelcome(config.publicUrl, seeded, config.seedDemo);
}

function printWelcome(url: string, seeded: boolean, demo: boolean) {
  const lines = [`Crossarm is running at ${url}`];
  if (demo) {
    lines.push(seeded ? 'A demo world was created. Sign in as any of:' : 'Demo accounts (if not changed):');
    for (const user of DEMO_USERS) {
      lines.push(
        `  ${user.email.padEnd(42)} ${user.title}${user.status !== 'Active' ? ` (${user.status})` : ''}${user.organization ? '' : ' (no organization)'}`,
      );
    }
    lines.push(`Demo password: ${DEMO_PASSWORD}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
