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

const NEW_ORGANIZATION = 'Prairie Line Telecom';
const INVITEE = {
  email: 'river.stone@prairie-line.example',
  firstName: 'River',
  lastName: 'Stone',
  password: 'Prairie-line-2026!',
};

describe.skipIf(!chromiumPath)('administration in a browser', () => {
  let suite: Suite;
  let server: RunningServer;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    server = suite.server;
  });
  afterAll(() => suite?.close());

  const freshPage = () => suite.freshPage();

  /** Signs in through the real login page and agrees to the terms. */
  async function signIn(page: Page, email: string, password: string, startAt = '/sign-in') {
    await signInThroughApp(page, email, password, startAt);
    await agreeToTerms(page);
  }

  /** The table row that holds the given text. */
  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  describe('as the system administrator', () => {
    let page: Page;
    let invitationLink = '';

    beforeAll(async () => {
      page = await freshPage();
      await signIn(page, DEMO.admin, DEMO.password, '/admin/system/organizations');
      await page.waitForURL('**/admin/system/organizations');
    });

    it('lists organizations and creates one through the form, showing field problems first', async () => {
      await expect.poll(() => row(page, 'Northfield Electric Cooperative').count()).toBe(1);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const label of ['Organizations', 'Users', 'Apps & libraries', 'Profile', 'Applications']) {
        expect(await nav.getByRole('link', { name: label }).count()).toBeGreaterThan(0);
      }
      await screenshot(page, 'admin-organizations');

      await page.getByRole('button', { name: 'New organization' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New organization' });
      await dialog.getByLabel('Contact e-mail').fill('not an address');
      await dialog.getByRole('button', { name: 'Create organization' }).click();
      await expect.poll(() => dialog.getByText('Required').count()).toBe(1);
      expect(await dialog.getByText('Invalid email address').count()).toBe(1);

      await dialog.getByRole('textbox', { name: /^Name/ }).fill(NEW_ORGANIZATION);
      await dialog.getByLabel('City').fill('Willmar');
      await dialog.getByLabel('State').fill('MN');
      await dialog.getByLabel('Contact e-mail').fill('permits@prairie-line.example');
      await dialog.getByLabel('Contact phone').pressSequentially('3205550142');
      expect(await dialog.getByLabel('Contact phone').inputValue()).toBe('(320) 555-0142');
      await screenshot(page, 'admin-organization-form');
      await dialog.getByRole('button', { name: 'Create organization' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.getByText('Organization created').count()).toBeGreaterThan(0);
      await expect.poll(() => row(page, NEW_ORGANIZATION).count()).toBe(1);
      expect(await row(page, NEW_ORGANIZATION).textContent()).toContain('Willmar, MN');
    });

    it('finds the new organization by search and opens it', async () => {
      await page.getByRole('textbox', { name: 'Search organizations' }).fill('Prairie');
      await page.waitForURL((url) => url.searchParams.get('search') === 'Prairie');
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await row(page, NEW_ORGANIZATION).click();
      await page.waitForURL(/\/admin\/system\/organizations\/[0-9a-f-]{36}$/);
      await expect
        .poll(() => page.getByRole('heading', { name: NEW_ORGANIZATION, level: 1 }).count())
        .toBe(1);
      expect(await page.getByText('(320) 555-0142').count()).toBe(1);
    });

    it('invites a user into the new organization', async () => {
      await page.getByRole('tab', { name: 'Users' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'users');
      await expect.poll(() => page.getByText('No users yet').count()).toBe(1);
      await page.getByRole('button', { name: 'Invite user' }).first().click();
      const dialog = page.getByRole('dialog', { name: `Invite a user to ${NEW_ORGANIZATION}` });
      await dialog.getByLabel('E-mail').fill(INVITEE.email);
      await dialog.getByLabel('First name').fill(INVITEE.firstName);
      await dialog.getByLabel('Last name').fill(INVITEE.lastName);
      await dialog.getByRole('checkbox', { name: /View users/ }).check();
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => row(page, INVITEE.email).count()).toBe(1);
      expect(await row(page, INVITEE.email).getByText('Invited', { exact: true }).count()).toBe(1);
      await screenshot(page, 'admin-organization-users');
    });

    it('shows the invitation in the mail outbox, with its link', async () => {
      await page.goto('/admin/system/users?tab=mail');
      await expect.poll(() => row(page, INVITEE.email).count()).toBe(1);
      await row(page, INVITEE.email).click();
      const link = page.getByRole('link', { name: /\/oidc\/password\// });
      await expect.poll(() => link.count()).toBe(1);
      invitationLink = (await link.getAttribute('href')) ?? '';
      expect(invitationLink).toMatch(new RegExp(`^${server.url}/oidc/password/\\S+$`));
      await screenshot(page, 'admin-mail-outbox');
    });

    it('lets the invited user choose a password and sign in', async () => {
      const invited = await freshPage();
      await invited.goto(invitationLink);
      await invited.locator('input[name="password"]').fill(INVITEE.password);
      await invited.locator('input[name="confirm"]').fill(INVITEE.password);
      await invited.getByRole('button', { name: 'Set password' }).click();
      await expect.poll(() => invited.getByText('Your password is set.').count()).toBe(1);

      await signIn(invited, INVITEE.email, INVITEE.password);
      await invited.waitForURL('**/landing');
      await expect.poll(() => invited.getByRole('heading', { name: 'Landing', level: 1 }).count()).toBe(1);
      await screenshot(invited, 'admin-invited-user-landing');
    });

    it('shows the user as Active in the users list, and their page', async () => {
      await page.goto(`/admin/system/users?search=${encodeURIComponent(INVITEE.email)}`);
      await expect.poll(() => row(page, INVITEE.email).getByText('Active', { exact: true }).count()).toBe(1);
      expect(await row(page, INVITEE.email).textContent()).toContain(NEW_ORGANIZATION);
      await row(page, INVITEE.email).click();
      await page.waitForURL(/\/admin\/system\/users\/[0-9a-f-]{36}$/);
      await expect
        .poll(() => page.getByRole('heading', { name: `${INVITEE.firstName} ${INVITEE.lastName}` }).count())
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Deactivate' }).count()).toBe(1);
      await page.getByRole('tab', { name: 'History' }).click();
      await expect.poll(() => page.getByText('Invited', { exact: true }).count()).toBeGreaterThan(0);
      await screenshot(page, 'admin-user-history');
    });

    it('resets the password: a new link by e-mail, a new password, the old one refused', async () => {
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Reset password' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
      await expect.poll(() => page.getByText('Password link sent').count()).toBeGreaterThan(0);

      await page.goto('/admin/system/users?tab=mail');
      const resetMail = row(page, 'Reset your Crossarm password').filter({ hasText: INVITEE.email });
      await expect.poll(() => resetMail.count()).toBe(1);
      await resetMail.click();
      const link = page.getByRole('link', { name: /\/oidc\/password\// });
      await expect.poll(() => link.count()).toBe(1);
      const resetLink = (await link.getAttribute('href')) ?? '';
      expect(resetLink).not.toBe(invitationLink);

      const user = await freshPage();
      await user.goto(resetLink);
      await expect.poll(() => user.getByRole('heading', { name: 'Choose a new password' }).count()).toBe(1);
      await user.locator('input[name="password"]').fill('Prairie-line-new-2026!');
      await user.locator('input[name="confirm"]').fill('Prairie-line-new-2026!');
      await user.getByRole('button', { name: 'Set password' }).click();
      await expect.poll(() => user.getByText('Your password is set.').count()).toBe(1);

      const oldPassword = await freshPage();
      await oldPassword.goto('/sign-in');
      await oldPassword.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
      await submitLogin(oldPassword, INVITEE.email, INVITEE.password);
      await expect
        .poll(() => oldPassword.getByRole('alert').textContent())
        .toBe('The e-mail address or password is incorrect.');

      const newPassword = await freshPage();
      await signInThroughApp(newPassword, INVITEE.email, 'Prairie-line-new-2026!');
      await newPassword.waitForURL('**/landing');
    });
  });

  describe('as an organization administrator', () => {
    let page: Page;

    beforeAll(async () => {
      page = await freshPage();
      await signIn(page, DEMO.ownerAdmin, DEMO.password, '/admin/users');
      await page.waitForURL('**/admin/users');
    });

    it("sees only their own organization's users", async () => {
      await expect.poll(() => row(page, DEMO.ownerUser).count()).toBe(1);
      const emails = await page
        .getByRole('table', { name: 'Users' })
        .locator('tbody tr td:nth-child(2)')
        .allTextContents();
      expect(emails.length).toBeGreaterThan(1);
      for (const email of emails) expect(email).toMatch(/@northfield-electric\.example$/);
      expect(await row(page, DEMO.fiberUser).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: /Organization/i }).count()).toBe(0);
      await screenshot(page, 'admin-own-users');
    });

    it('sees only the organization pages in the navigation, and no system page', async () => {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      expect(await nav.getByRole('link', { name: 'Organizations' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Profile' }).count()).toBe(1);
      await page.goto('/admin/system/organizations');
      await expect.poll(() => page.getByText('You do not have access to this page').count()).toBe(1);
      expect(await page.getByRole('table').count()).toBe(0);
    });
  });
});
