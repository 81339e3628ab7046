import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const SCREENSHOTS = path.join(ROOT, 'e2e', 'screenshots');

/** Debian's chromium, or null; under CI a missing browser is an error, not a skip. */
export function findChromium(): string | null {
  const found = CHROMIUM_CANDIDATES.find((candidate) => candidate && existsSync(candidate)) ?? null;
  if (!found && process.env.CI)
    throw new Error('Browser tests need chromium under CI: apt-get install -y chromium');
  if (!found) {
    process.stderr.write(
      'Skipping browser tests: no chromium found. Install it with `apt-get install -y chromium`.\n',
    );
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  webDist: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the real server, as `npm start` does, on a free port with a fresh data directory. Browser test files
 * run side by side, so a port found free can be taken before the server binds it: the server is then started
 * again on another.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(await freePort(), env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOn(port: number, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crossarm-e2e-'));
  // A copy of the build per server, so a test can publish a "new version" without touching the real one.
  const webDist = path.join(dataDir, 'web');
  await cp(path.join(ROOT, 'apps', 'web', 'dist'), webDist, { recursive: true });
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (!log.includes('Crossarm is running')) {
    if (child.exitCode !== null) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`server exited early:\n${log}`);
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    webDist,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless chromium with the flags this closed network needs. */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, timezoneId: 'UTC' });
}

/** Signs in through the real login page, starting from whatever page the app sent us to. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Turns on the dark scheme from the profile menu, as a person does, and closes the menu once it applies. */
export async function switchToDarkScheme(page: Page) {
  await page.getByRole('button', { name: 'Open profile' }).click();
  await page.getByRole('switch', { name: /dark mode/i }).click();
  await page.waitForFunction(
    () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
  );
  await page.keyboard.press('Escape');
}

export const DEMO = {
  password: 'Crossarm-demo-2026',
  admin: 'admin@crossarm.example',
  ownerAdmin: 'dana.owens@northfield-electric.example',
  ownerUser: 'lee.park@northfield-electric.example',
  fiberAdmin: 'maria.santos@ridgeline-fiber.example',
  fiberUser: 'tom.becker@ridgeline-fiber.example',
  cableAdmin: 'alex.kim@valley-cable.example',
  cableUser: 'jordan.lee@valley-cable.example',
  inactive: 'pat.quinn@northfield-electric.example',
  noOrganization: 'casey.morgan@crossarm.example',
} as const;

/** A server and a browser for one test file; each `freshPage` is a new browser profile (no cookies). */
export async function openSuite(executablePath: string) {
  const [server, browser] = await Promise.all([startServer(), launchBrowser(executablePath)]);
  return {
    server,
    browser,
    async freshPage(): Promise<Page> {
      const context = await newContext(browser, server.url);
      return context.newPage();
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
export type Suite = Awaited<ReturnType<typeof openSuite>>;

/** From `startAt` through the sign-in screen and the real login page back into the app. */
export async function signInThroughApp(
  page: Page,
  email: string,
  password: string = DEMO.password,
  startAt = '/sign-in',
) {
  await page.goto(startAt);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await submitLogin(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/sign-in'));
}

/** Closes the terms of service dialog a user sees at first sign-in. */
export async function agreeToTerms(page: Page) {
  const terms = page.getByRole('dialog');
  await terms.getByRole('button', { name: 'I Agree' }).click();
  await terms.waitFor({ state: 'detached' });
}

/** A new browser profile signed in as `email` at `startAt`, past the terms of service dialog. */
export async function signedInPage(suite: Suite, email: string, startAt: string): Promise<Page> {
  const page = await suite.freshPage();
  await signInThroughApp(page, email, DEMO.password, startAt);
  await page.waitForURL(`**${startAt}`);
  await agreeToTerms(page);
  return page;
}

/** Puts one permit on hold, or takes it off, from the tracker's selection bar. */
export async function setHoldFromTracker(page: Page, permitNumber: string, hold: boolean, reason: string) {
  await holdFromTracker(page, `/permitting/all?q=${permitNumber}`, [permitNumber], hold, reason);
}

/**
 * Opens the tracker at `url`, selects the permits of those numbers on its page, and puts them on hold or takes
 * them off from the selection bar, waiting for the notice that it was done.
 */
export async function holdFromTracker(
  page: Page,
  url: string,
  permitNumbers: string[],
  hold: boolean,
  reason: string,
) {
  await page.goto(url);
  for (const number of permitNumbers) {
    await page
      .getByRole('table', { name: 'Permits' })
      .getByRole('checkbox', { name: `Select ${number}` })
      .check();
  }
  const action = hold ? 'Put on hold' : 'Remove from hold';
  await page
    .getByRole('region', { name: 'Selected rows' })
    .getByRole('button', { name: action, exact: true })
    .click();
  const dialog = page.getByRole('dialog', {
    name: hold ? 'Put permits on hold' : 'Remove permits from hold',
  });
  const reasonBox = dialog.getByRole('textbox', { name: 'Reason' });
  if (await reasonBox.count()) await reasonBox.fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  const count = permitNumbers.length === 1 ? '1 permit' : `${permitNumbers.length} permits`;
  const done = `${count} ${hold ? 'put on hold' : 'removed from hold'}`;
  await expect.poll(() => page.getByText(done).count()).toBe(1);
}

/** Opens the tracker's views menu (once no other menu is left closing) and gives it. */
export async function openViewsMenu(page: Page): Promise<Locator> {
  // A menu still closing (the export's, say) would make two.
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  await page.getByRole('button', { name: 'Views' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Picks an option of a select; a dropdown that closes under a re-render is opened again. */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await expect
    .poll(
      async () => {
        await select.click();
        await page
          .getByRole('option', { name: option, exact: true })
          .first()
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        return select.inputValue();
      },
      { timeout: 30_000 },
    )
    .toBe(option);
}
