import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poleLayer, spanLayer, startArcGisStandIn } from '../apps/api/test/arcgis-stand-in.ts';
import {
  agreeToTerms,
  DEMO,
  findChromium,
  openSuite,
  type Suite,
  screenshot,
  signInThroughApp,
  switchToDarkScheme,
} from './harness.ts';

const chromiumPath = findChromium();

const PROJECT = { name: 'Valley Pole Attachments 2026', code: 'NEC-VP-26' };
const TERMS = 'Attachers keep 40 inches of clearance from the power space.\n\nMake-ready is paid in advance.';
const CSV =
  'PoleID,lat,lon,Height\nNEC-1,44.4759,-73.2121,40\nNEC-2,44.4762,-73.2115,45\nNEC-3,44.4766,-73.2109,40\n';
const REASON = 'Insurance certificate expired; send a current one to resume.';

describe.skipIf(!chromiumPath)('a project’s setup in a browser', () => {
  let suite: Suite;
  let projectPath = '';

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
  });
  afterAll(() => suite?.close());

  const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

  /** Signs in on a fresh profile; the platform's terms are asked for at a user's first sign-in only. */
  async function signIn(email: string, startAt = '/projects', firstTime = true): Promise<Page> {
    const page = await suite.freshPage();
    await signInThroughApp(page, email, DEMO.password, startAt);
    if (firstTime) await agreeToTerms(page);
    return page;
  }

  async function openTab(page: Page, name: string) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect.poll(() => page.getByRole('tab', { name, selected: true }).count()).toBe(1);
  }

  describe('the pole owner', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signIn(DEMO.ownerAdmin);
    });

    it('creates a project with Ridgeline Fiber as an attacher', async () => {
      await page.getByRole('button', { name: 'New project' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Name').fill(PROJECT.name);
      await dialog.getByLabel('Project code').fill(PROJECT.code);
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('link', { name: PROJECT.name }).click();
      await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
      projectPath = new URL(page.url()).pathname;

      await openTab(page, 'Contributors');
      await page.getByRole('button', { name: 'Add organization' }).click();
      const add = page.getByRole('dialog', { name: /^Add an organization/ });
      await add.getByLabel('Organization').fill('Ridge');
      await page.getByRole('option', { name: 'Ridgeline Fiber' }).click();
      await add.getByRole('button', { name: 'Add organization' }).click();
      await expect.poll(() => row(page, 'Ridgeline Fiber').count()).toBe(1);
    });

    it('publishes terms after the confirmation that attachers must accept them', async () => {
      await openTab(page, 'Terms');
      await page.getByRole('button', { name: 'Write terms' }).click();
      await page.getByLabel('Terms text').fill(TERMS);
      await expect
        .poll(() => page.getByRole('region', { name: 'Preview' }).getByText('Make-ready is paid').count())
        .toBe(1);
      await screenshot(page, 'project-terms-editor');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const confirmation = page.getByRole('dialog', { name: 'Publish new terms' });
      await expect.poll(() => confirmation.getByText(/Every attacher must accept/).count()).toBe(1);
      await confirmation.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Terms, version 1' }).count()).toBe(1);
      expect(await page.getByRole('document', { name: 'Terms text' }).innerText()).toContain(
        'Make-ready is paid in advance.',
      );
      await screenshot(page, 'project-terms-owner');
    });

    it('restricts the attacher with a reason', async () => {
      await openTab(page, 'Contributors');
      await page.getByRole('button', { name: 'Show details of Ridgeline Fiber' }).click();
      await expect.poll(() => page.getByText('Ridgeline Fiber is not restricted.').count()).toBe(1);
      await page.getByRole('button', { name: 'Restrict', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Restrict Ridgeline Fiber' });
      await dialog.getByRole('button', { name: 'Restrict' }).click();
      await expect.poll(() => dialog.getByText('Required').count()).toBe(1);
      await dialog.getByLabel('Reason').fill(REASON);
      await dialog.getByRole('button', { name: 'Restrict' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      const badge = row(page, 'Ridgeline Fiber').first().getByText('Restricted', { exact: true });
      await expect.poll(() => badge.count()).toBe(1);
      expect(await page.getByText(REASON).count()).toBeGreaterThan(0);
      await screenshot(page, 'project-contributor-restricted');
    });

    it('narrows one of the attacher’s people, inside the organization’s permissions', async () => {
      await page.getByRole('tab', { name: 'People' }).click();
      const people = page.getByRole('table', { name: 'People of Ridgeline Fiber' });
      const tom = people.getByRole('row').filter({ hasText: DEMO.fiberUser });
      await expect.poll(() => tom.count()).toBe(1);
      await tom.getByRole('button', { name: /^Edit / }).click();
      const dialog = page.getByRole('dialog', { name: /^Project permissions of / });
      await dialog.getByLabel('Fewer permissions of their own').check();
      // ManagePermits is the pole owner's: it is not there to give.
      expect(await dialog.getByLabel('Manage permits').count()).toBe(0);
      await dialog.getByLabel('Create permits').uncheck();
      await dialog.getByRole('button', { name: 'Save permissions' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => tom.getByText('Narrowed').count()).toBe(1);
      expect(await tom.innerText()).not.toContain('Create permits');
      await screenshot(page, 'project-contributor-people');
    });
    it('imports poles from a CSV file and shows what was added, on the map too', async () => {
      const blocked: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await openTab(page, 'Map data');
      await page.getByRole('button', { name: 'Validate' }).click();
      await expect.poll(() => page.getByText('Required').count()).toBe(3);

      await page.locator('input[type="file"]').setInputFiles({
        name: 'poles.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const result = page.getByRole('status', { name: 'Poles imported' });
      await expect.poll(() => result.count()).toBe(1);
      expect(await result.innerText()).toMatch(/Added\s+3/i);
      expect(await result.innerText()).toContain('the project now holds 3 poles');
      // The map's line under it: what it counts around the view, or why it cannot (read whole, so that a
      // failure says what the page showed instead).
      const mapSummary = page.getByText(/around this view|could not be loaded|cannot be shown/).first();
      await expect
        .poll(() => mapSummary.textContent({ timeout: 1_000 }).catch(() => 'no summary under the map'))
        .toContain('3 poles around this view');
      await screenshot(page, 'project-map-data');
      await page.getByRole('region', { name: 'Project map' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'project-map');
      // Offline, the basemap's tiles fail to load; what matters is that the page does not block them.
      expect(blocked).toEqual([]);
    });

    it('reads a broken file’s problem in words, and imports nothing', async () => {
      await page.locator('input[type="file"]').setInputFiles({
        name: 'poles.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('PoleID,north,east\nA,44.1,-72.1\n'),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect.poll(() => page.getByText('Nothing was imported').count()).toBe(1);
      expect(await page.getByText(/The CSV has no coordinate columns/).count()).toBe(1);
    });
    it('validates an ArcGIS layer, saves it, and syncs its poles and spans', async () => {
      const arcgis = await startArcGisStandIn();
      arcgis.services.set('Northfield', [poleLayer(40), spanLayer(10)]);
      try {
        await page.getByLabel('Layer URL').fill(arcgis.serviceUrl('Northfield'));
        await page.getByLabel('Layer name', { exact: true }).fill('Poles');
        await page.getByLabel('Layer id', { exact: true }).fill('0');
        await page.getByLabel('Spans layer name').fill('Spans');
        await page.getByLabel('Spans layer id').fill('1');
        await page.getByRole('button', { name: 'Validate' }).click();
        await expect.poll(() => page.getByText('Poles is usable').count()).toBe(1);
        const fields = page.getByLabel('Fields');
        expect(await fields.innerText()).toContain('PoleID');
        expect(await page.getByText(/Geometry: Points · Features: 40/).count()).toBe(1);
        await screenshot(page, 'project-map-data-validated');

        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await expect.poll(() => page.getByText('Layer saved').count()).toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Sync poles' }).click();
        const poles = page.getByRole('status', { name: 'Poles synced' });
        await expect.poll(() => poles.count()).toBe(1);
        expect(await poles.innerText()).toMatch(/Added\s+40/i);
        await page.getByRole('button', { name: 'Sync spans' }).click();
        const spans = page.getByRole('status', { name: 'Spans synced' });
        await expect.poll(() => spans.count()).toBe(1);
        expect(await spans.innerText()).toMatch(/Added\s+10/i);
        expect(await poles.count()).toBe(1);
        await screenshot(page, 'project-map-data-synced');
      } finally {
        await arcgis.close();
      }
    });
  });

  describe('the attacher', () => {
    let page: Page;

    beforeAll(async () => {
      page = await signIn(DEMO.fiberAdmin);
    });

    it('sees on the overview why it cannot apply: the restriction’s reason and the terms', async () => {
      await page.goto(projectPath);
      const panel = page.getByRole('region', { name: 'Can my organization apply?' });
      await expect.poll(() => panel.getByText(REASON, { exact: false }).count()).toBe(1);
      expect(await panel.getByText(/has not accepted the project's current terms/).count()).toBe(1);
      await screenshot(page, 'project-overview-restricted');
    });

    it('accepts the terms, and the overview no longer asks for them', async () => {
      await page
        .getByRole('region', { name: 'Can my organization apply?' })
        .getByRole('button', { name: 'Read and accept the terms' })
        .click();
      await page.waitForURL(/tab=terms/);
      await expect.poll(() => page.getByText('Not accepted yet').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Publish new terms' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Accept terms' }).click();
      await page
        .getByRole('dialog', { name: 'Accept the terms' })
        .getByRole('button', { name: 'Accept' })
        .click();
      await expect.poll(() => page.getByText(/Ridgeline Fiber accepted version 1 on/).count()).toBe(1);
      await screenshot(page, 'project-terms-accepted');

      await openTab(page, 'Overview');
      const panel = page.getByRole('region', { name: 'Can my organization apply?' });
      await expect.poll(() => panel.getByText(REASON, { exact: false }).count()).toBe(1);
      await expect.poll(() => panel.getByText(/current terms/).count()).toBe(0);
    });

    it('sees the map data without the owner’s tools', async () => {
      await openTab(page, 'Map data');
      await expect.poll(() => page.getByLabel('Layer name', { exact: true }).inputValue()).toBe('Poles');
      expect(await page.getByLabel('Layer name', { exact: true }).getAttribute('readonly')).not.toBeNull();
      for (const name of ['Validate', 'Sync poles', 'Import']) {
        expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
      }
      await expect.poll(() => page.getByRole('region', { name: 'Project map' }).count()).toBe(1);
    });

    it('keeps its own notification settings for the project', async () => {
      await openTab(page, 'Notifications');
      const comment = page.getByRole('radiogroup', { name: 'Comment added: e-mail' });
      await comment.getByText('Digest').click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByText('Notification settings saved').count()).toBeGreaterThan(0);
      await page.reload();
      await expect
        .poll(() =>
          page
            .getByRole('radiogroup', { name: 'Comment added: e-mail' })
            .getByRole('radio', { name: 'Digest' })
            .isChecked(),
        )
        .toBe(true);
      await screenshot(page, 'project-notifications');
    });

    it('reads well in dark mode at 1024 pixels', async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      await switchToDarkScheme(page);
      await openTab(page, 'Terms');
      await expect.poll(() => page.getByRole('heading', { name: 'Terms, version 1' }).count()).toBe(1);
      await screenshot(page, 'project-terms-dark-1024');
      await openTab(page, 'Map data');
      await page.getByRole('region', { name: 'Project map' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'project-map-dark-1024');
      await page.setViewportSize({ width: 1440, height: 900 });
    });
  });

  describe('the pole owner, once the attacher has sorted things out', () => {
    it('removes the restriction after the confirmation', async () => {
      const page = await signIn(DEMO.ownerAdmin, `${projectPath}?tab=contributors`, false);
      await page.getByRole('button', { name: 'Show details of Ridgeline Fiber' }).click();
      await page.getByRole('button', { name: 'Remove restriction' }).click();
      await page
        .getByRole('dialog', { name: 'Remove restriction' })
        .getByRole('button', { name: 'Remove restriction' })
        .click();
      await expect.poll(() => page.getByText('Ridgeline Fiber is not restricted.').count()).toBe(1);
      expect(
        await row(page, 'Ridgeline Fiber').first().getByText('Restricted', { exact: true }).count(),
      ).toBe(0);
    });
  });
});
