import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: pure shared code, the API against a real database, and the browser flows.
// Files run on every core: a worker's file mostly waits on its database or browser, so none is kept back for
// the runner itself (Vitest's own default), which halves a two-core machine.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // The app holds its loading screen for a second at every full page load.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser; two at a time keep a small machine responsive.
          maxWorkers: Math.min(2, availableParallelism()),
          sequence: { groupOrder: 1 },
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
