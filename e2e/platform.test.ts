import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreeToTerms,
  DEMO,
  findChromium,
  openSuite,
  type RunningServer,
  type Suite,
  screenshot,
  signInThroughApp,
  submitLogin,
} from './harness.ts';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('the platform in a browser', () => {
  let suite: Suite;
  let server: RunningServer;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    server = suite.server;
  });
  afterAll(() => suite?.close());

  const freshPage = () => suite.freshPage();
  const signIn = (page: Page, email: string, startAt = '/sign-in') =>
    signInThroughApp(page, email, DEMO.password, startAt);

  it('shows the sign-in screen with its tagline and links to signed-out visitors', async () => {
    const page = await freshPage();
    await page.goto('/');
    await page.waitForURL('**/sign-in');
    await expect
      .poll(() => page.getByText('The enterprise platform transforming electric utility').count())
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(2);
    const contact = page.getByRole('link', { name: 'Contact Us' });
    expect(await contact.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'sign-in');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/policies/privacy');
    await expect.poll(() => page.getByRole('heading', { name: 'Crossarm Privacy Policy' }).count()).toBe(1);
    await page.goto('/policies/terms');
    await expect.poll(() => page.getByRole('heading', { name: 'Crossarm Terms of Service' }).count()).toBe(1);
  });

  it('signs in through the real login page; the terms appear once, and I Agree keeps them away', async () => {
    const page = await freshPage();
    await signIn(page, DEMO.fiberUser);
    await page.waitForURL('**/landing');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(/Version as of [A-Z][a-z]{2} \d{2}, \d{4}/).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Log out' }).count()).toBe(1);
    await screenshot(page, 'terms-of-service');
    await agreeToTerms(page);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Landing', level: 1 }).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'landing');
  });

  it('returns to the deep link asked for before signing in', async () => {
    const page = await freshPage();
    await page.goto('/permitting/my-work');
    await page.waitForURL('**/sign-in**');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await submitLogin(page, DEMO.cableUser, DEMO.password);
    await page.waitForURL('**/permitting/my-work');
  });

  it("shows 'Access Unauthorized' to an inactive user", async () => {
    const page = await freshPage();
    await signIn(page, DEMO.inactive);
    await expect.poll(() => page.getByText('Access Unauthorized').count()).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .getByText("We're sorry, but your account is currently not authorized to access this system.", {
            exact: false,
          })
          .count(),
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    await screenshot(page, 'access-unauthorized');
  });

  it("shows 'User has no organization' to a user without one", async () => {
    const page = await freshPage();
    await signIn(page, DEMO.noOrganization);
    await expect.poll(() => page.getByText('User has no organization').count()).toBeGreaterThan(0);
    expect(await page.getByText('Please contact us for more information:').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
  });

  it('shows an error for a wrong password and starts no session', async () => {
    const page = await freshPage();
    await page.goto('/sign-in');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await submitLogin(page, DEMO.ownerAdmin, 'not the password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The e-mail address or password is incorrect.');
    await screenshot(page, 'login-error');
    await page.goto('/landing');
    await page.waitForURL('**/sign-in**');
  });

  it('keeps dark mode across a reload', async () => {
    const page = await freshPage();
    await signIn(page, DEMO.ownerUser);
    await agreeToTerms(page);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByRole('button', { name: /account|profile|user menu/i }).click();
    await page.getByRole('switch', { name: /dark mode/i }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForURL('**/landing');
    await expect.poll(() => page.getByRole('heading', { name: 'Landing', level: 1 }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await screenshot(page, 'landing-dark');
  });

  it('asks to refresh when a newer front end is deployed', async () => {
    const page = await freshPage();
    await signIn(page, DEMO.fiberAdmin);
    await agreeToTerms(page);
    await writeFile(path.join(server.webDist, 'version.txt'), `newer-${Date.now()}\n`);
    await expect
      .poll(() => page.getByText('A new version is available. Refresh now?').count(), { timeout: 25_000 })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(1);
  });

  it('signs out back to the sign-in screen', async () => {
    const page = await freshPage();
    await signIn(page, DEMO.cableAdmin);
    await agreeToTerms(page);
    await page.getByRole('button', { name: /account|profile|user menu/i }).click();
    await page
      .getByRole('menuitem', { name: 'Log out' })
      .or(page.getByRole('button', { name: 'Log out' }))
      .click();
    await page.waitForURL('**/sign-in');
    await page.goto('/landing');
    await page.waitForURL('**/sign-in**');
  });

  it('follows every redirect of the route table', async () => {
    const page = await freshPage();
    await signIn(page, DEMO.admin);
    await agreeToTerms(page);
    const redirects: [string, string][] = [
      ['/', '/landing'],
      ['/admin', '/landing'],
      ['/admin/system', '/landing'],
      ['/geospatial', '/geospatial/my-system'],
      ['/permitting', '/permitting/all'],
      ['/no/such/page', '/landing'],
    ];
    for (const [from, to] of redirects) {
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to);
    }
    for (const route of [
      '/projects',
      '/analytics',
      '/activity',
      '/permitting/all',
      '/admin/system/users',
      '/geospatial/vista',
    ]) {
      await page.goto(route);
      await page.waitForURL((url) => url.pathname === route);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    }
    await page.goto('/permitting/all');
    await screenshot(page, 'shell-permits');
  });
});
