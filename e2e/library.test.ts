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
  switchToDarkScheme,
} from './harness.ts';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('the Joint Use library in a browser', () => {
  let suite: Suite;
  let page: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    page = await suite.freshPage();
    await signInThroughApp(page, DEMO.admin, DEMO.password, '/admin/system/apps');
    await page.waitForURL('**/admin/system/apps');
    await agreeToTerms(page);
  });
  afterAll(() => suite?.close());

  it('shows the applications with the Joint Use library counts', async () => {
    const jointUse = page.getByRole('region', { name: 'Joint Use' });
    await expect.poll(() => jointUse.getByText('Properties', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Geospatial' }).count()).toBe(1);
    await screenshot(page, 'library-apps');
    await jointUse.getByRole('link', { name: 'Open Joint Use library' }).click();
    await page.waitForURL('**/admin/system/apps/joint-use');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Joint Use Library', level: 1 }).count())
      .toBe(1);
  });

  it('creates a Dropdown property with two options and lists it', async () => {
    await page.getByRole('tab', { name: 'Properties' }).click();
    await page.waitForURL('**/admin/system/apps/joint-use?tab=properties');
    await page.getByRole('button', { name: 'New property' }).click();
    const dialog = page.getByRole('dialog', { name: 'New property' });
    await dialog.getByLabel('Name').fill('Riser Type');
    await dialog.getByLabel('Field type').click();
    await page.getByRole('option', { name: 'Dropdown' }).click();

    // Saving with blank options shows what is missing under each field, and saves nothing.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByText('Required').count()).toBe(4);

    await dialog.getByLabel('Option 1 label').fill('Conduit');
    await dialog.getByLabel('Option 2 label').fill('U-Guard');
    await dialog.getByLabel('Option 2 value').fill('u-guard');
    await screenshot(page, 'library-new-dropdown');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: 'Riser Type' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Dropdown', '2 options: Conduit, U-Guard', 'Active']),
    );
    await screenshot(page, 'library-properties');
  });

  it('finds the new property by search, and keeps the search in the address', async () => {
    await page.getByLabel('Search properties').fill('riser');
    await page.waitForURL(/search=riser/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Riser Type' }).count()).toBe(1);
    expect(await page.getByLabel('Search properties').inputValue()).toBe('riser');
  });

  it('reads well in dark mode', async () => {
    await page.getByLabel('Search properties').fill('');
    await switchToDarkScheme(page);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(10);
    await screenshot(page, 'library-properties-dark');
  });
});
