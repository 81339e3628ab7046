import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, findChromium, openSuite, type Suite, screenshot, signedInPage } from './harness.ts';

const chromiumPath = findChromium();

/** The demo program holds 300 permits: 229 from Ridgeline Fiber, 71 from Valley Cable. */
describe.skipIf(!chromiumPath)('the permit tracker in a browser', () => {
  let suite: Suite;
  let owner: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    owner = await signedInPage(suite, DEMO.ownerAdmin, '/permitting/all');
  });
  afterAll(() => suite?.close());

  const table = (page: Page) => page.getByRole('table', { name: 'Permits' });
  const permitRows = (page: Page) =>
    table(page)
      .getByRole('row')
      .filter({ hasText: /NEC-JU-\d{6}/ });

  it('shows the pole owner every permit of its program, newest first', async () => {
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(1);
    await expect.poll(() => permitRows(owner).count()).toBeGreaterThan(10);
    expect(await permitRows(owner).first().innerText()).toContain('NEC-JU-000300');
    await screenshot(owner, 'tracker');
  });

  it('searches, keeps the search in the address, and opens a permit from its row', async () => {
    await owner.getByRole('textbox', { name: 'Search permits' }).fill('NEC-JU-000123');
    await expect.poll(() => owner.getByText('1 permit', { exact: true }).count()).toBe(1);
    expect(owner.url()).toContain('NEC-JU-000123');
    await owner.reload();
    await expect.poll(() => permitRows(owner).count()).toBe(1);
    await permitRows(owner).first().getByText('NEC-JU-000123').click();
    await owner.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow/);
    await expect.poll(() => owner.getByRole('heading', { name: 'NEC-JU-000123', level: 1 }).count()).toBe(1);
  });

  it('sorts by a column from its header', async () => {
    await owner.goto('/permitting/all');
    await owner.getByRole('button', { name: 'Sort by Permit Number' }).click();
    await expect.poll(() => permitRows(owner).first().innerText()).toContain('NEC-JU-000001');
    expect(owner.url()).toContain('sort');
  });

  it('exports what the table shows as CSV, with a header row', async () => {
    await owner.getByRole('textbox', { name: 'Search permits' }).fill('Valley');
    await expect.poll(() => owner.getByText('71 permits', { exact: true }).count()).toBe(1);
    await owner.getByRole('button', { name: 'Export' }).click();
    const download = owner.waitForEvent('download');
    await owner.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Permit Number');
    expect(lines).toHaveLength(72);
    expect(lines.slice(1).every((line) => line.includes('Valley Cable Communications'))).toBe(true);
  });

  it('shows an attacher only its own organization’s permits', async () => {
    const attacher = await signedInPage(suite, DEMO.fiberAdmin, '/permitting/all');
    await expect.poll(() => attacher.getByText('229 permits', { exact: true }).count()).toBe(1);
    await attacher.getByRole('textbox', { name: 'Search permits' }).fill('Valley');
    await expect.poll(() => attacher.getByText(/No permits match/).count()).toBe(1);
  });
});
