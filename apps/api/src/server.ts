import { parseConfig } from './config.ts';
import { limitHeapGrowth } from './heap.ts';

/**
 * Starts Crossarm: configuration first, and the heap's growth set before the rest of the server is loaded, so
 * that every collection from the first keeps to it; then `start.ts`.
 */
async function main() {
  const config = parseConfig();
  limitHeapGrowth(config.heapGrowthPercent);
  const { startServer } = await import('./start.ts');
  await startServer(config);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Crossarm failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
