import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreeToTerms,
  DEMO,
  findChromium,
  openSuite,
  type Suite,
  screenshot,
  signInThroughApp,
} from './harness.ts';

const chromiumPath = findChromium();

const PROJECT = {
  name: 'Ridgeline Fiber Overbuild 2026',
  code: 'NEC-RF-26',
  description: 'Fiber overbuild on the Rochester feeders.',
};

describe.skipIf(!chromiumPath)('projects in a browser', () => {
  let suite: Suite;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
  });
  afterAll(() => suite?.close());

  /** The table row that holds the given text. */
  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  async function signIn(email: string): Promise<Page> {
    const page = await suite.freshPage();
    await signInThroughApp(page, email, DEMO.password, '/projects');
    await page.waitForURL('**/projects');
    await agreeToTerms(page);
    return page;
  }

  describe('as the pole owner’s administrator', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signIn(DEMO.ownerAdmin);
    });

    it('lists the demo program with its open and total permits', async () => {
      const demo = row(page, 'Northfield Joint Use Program');
      await expect.poll(() => demo.count()).toBe(1);
      expect(await demo.getByRole('cell').allInnerTexts()).toEqual(
        expect.arrayContaining(['NEC-JU', expect.stringMatching(/^230\s*\/\s*300$/)]),
      );
    });

    it('creates a project through the form, showing field problems first', async () => {
      await page.getByRole('button', { name: 'New project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Project code').fill('NEC RF 26');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect.poll(() => dialog.getByText('Required').count()).toBe(1);
      expect(await dialog.getByText('Letters, digits, dot, dash and underscore only').count()).toBe(1);

      await dialog.getByLabel('Name').fill(PROJECT.name);
      await dialog.getByLabel('Project code').fill(PROJECT.code);
      await dialog.getByLabel('Description').fill(PROJECT.description);
      await screenshot(page, 'projects-new');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.getByText('Project created').count()).toBeGreaterThan(0);

      const created = row(page, PROJECT.name);
      await expect.poll(() => created.count()).toBe(1);
      expect(await created.getByRole('cell').allInnerTexts()).toEqual(
        expect.arrayContaining([PROJECT.code, 'Northfield Electric Cooperative', 'Pole owner', 'Active']),
      );
    });

    it('refuses a second project with the same code, in words under the field', async () => {
      await page.getByRole('button', { name: 'New project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Name').fill('Another name');
      await dialog.getByLabel('Project code').fill(PROJECT.code);
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect
        .poll(() => dialog.getByText(`already has a project with the code ${PROJECT.code}`).count())
        .toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    });

    it('finds the project by search, and keeps the search in the address', async () => {
      await page.getByLabel('Search projects').fill('no such project');
      await expect.poll(() => page.getByRole('heading', { name: 'No projects match' }).count()).toBe(1);
      await screenshot(page, 'projects-empty-search');
      await page.getByLabel('Search projects').fill('rf-26');
      await page.waitForURL(/search=rf-26/);
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await page.reload();
      await expect.poll(() => row(page, PROJECT.name).count()).toBe(1);
      expect(await page.getByLabel('Search projects').inputValue()).toBe('rf-26');
      await screenshot(page, 'projects-list');
    });

    it('opens the project on its overview', async () => {
      await page.getByRole('link', { name: PROJECT.name }).click();
      await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
      await expect.poll(() => page.getByRole('heading', { name: PROJECT.name, level: 1 }).count()).toBe(1);
      expect(await page.getByText(PROJECT.description).count()).toBe(1);
      const breadcrumb = page.getByLabel('Breadcrumb');
      expect(await breadcrumb.getByRole('link', { name: 'Projects' }).count()).toBe(1);
      await expect.poll(() => page.getByText('No permits yet.').count()).toBe(1);
      await screenshot(page, 'project-overview');
    });

    it('adds Ridgeline Fiber as an attacher', async () => {
      await page.getByRole('tab', { name: 'Contributors' }).click();
      await page.waitForURL(/tab=contributors/);
      const owner = row(page, 'Northfield Electric Cooperative');
      await expect.poll(() => owner.count()).toBe(1);
      // The owner organization cannot be removed.
      expect(await owner.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

      await page.getByRole('button', { name: 'Add organization' }).click();
      const dialog = page.getByRole('dialog', { name: /^Add an organization/ });
      // The picker has the focus with its list open, ready for typing; Esc closes the list only.
      await dialog.getByLabel('Organization').press('Escape');
      await dialog.getByRole('button', { name: 'Add organization' }).click();
      await expect.poll(() => dialog.getByText('Choose an organization').count()).toBe(1);
      await dialog.getByLabel('Organization').fill('Ridge');
      await page.getByRole('option', { name: 'Ridgeline Fiber' }).click();
      expect(await dialog.getByLabel('Role').inputValue()).toBe('Attacher');
      await screenshot(page, 'project-add-contributor');
      await dialog.getByRole('button', { name: 'Add organization' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      const fiber = row(page, 'Ridgeline Fiber');
      await expect.poll(() => fiber.count()).toBe(1);
      expect(await fiber.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['Attacher']));
      expect(await fiber.getByRole('button', { name: 'Remove Ridgeline Fiber' }).count()).toBe(1);
      await screenshot(page, 'project-contributors');
    });

    it('archives the project after the confirmation', async () => {
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      const confirmation = page.getByRole('dialog', { name: 'Archive project' });
      await confirmation.getByRole('button', { name: 'Archive' }).click();
      await expect.poll(() => confirmation.count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: 'Unarchive' }).count()).toBe(1);
      expect(await page.getByText('Archived', { exact: true }).count()).toBe(1);
    });
  });

  describe('as the attacher', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signIn(DEMO.fiberAdmin);
    });

    it('sees the archived project in the list, with no way to create one', async () => {
      await expect.poll(() => page.getByRole('table', { name: 'Projects' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'New project' }).count()).toBe(0);

      await page.getByRole('radiogroup', { name: 'Status' }).getByText('Archived').click();
      await page.waitForURL(/status=Archived/);
      const project = row(page, PROJECT.name);
      await expect.poll(() => project.count()).toBe(1);
      expect(await project.getByRole('cell').allInnerTexts()).toEqual(
        expect.arrayContaining(['Northfield Electric Cooperative', 'Attacher', 'Archived']),
      );
      expect(await project.getByRole('button').count()).toBe(0);
      await screenshot(page, 'projects-attacher');
      await page.setViewportSize({ width: 1024, height: 768 });
      await screenshot(page, 'projects-attacher-1024');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    it('opens it without the manager’s actions', async () => {
      await page.getByRole('link', { name: PROJECT.name }).click();
      await expect.poll(() => page.getByRole('heading', { name: PROJECT.name, level: 1 }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Contributors' }).click();
      await expect.poll(() => row(page, 'Ridgeline Fiber').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Add organization' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    });

    it('reads well in dark mode', async () => {
      await page.getByRole('button', { name: 'Open profile' }).click();
      await page.getByRole('switch', { name: /dark mode/i }).click();
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect.poll(() => page.getByText('No permits yet.').count()).toBe(1);
      await screenshot(page, 'project-overview-dark');
    });

    it('shows the not-found state for a project it does not take part in', async () => {
      await page.goto('/projects/00000000-0000-4000-8000-000000000000');
      await expect
        .poll(() => page.getByRole('heading', { name: 'This project does not exist' }).count())
        .toBe(1);
    });
  });
});
