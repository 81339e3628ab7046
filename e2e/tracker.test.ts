import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  findChromium,
  holdFromTracker,
  openSuite,
  type Suite,
  screenshot,
  setHoldFromTracker,
  signedInPage,
  switchToDarkScheme,
} from './harness.ts';

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

  /** The tracker's address for a status filter and a search, 25 rows a page. */
  const trackerUrl = (status: string, search: string) => {
    const filter = {
      condition: 'And',
      rows: [{ id: 'status', dataId: 'permit.Status', operator: 'Equals', value: status }],
      groups: [],
    };
    return `/permitting/all?${new URLSearchParams({ filter: JSON.stringify(filter), q: search, size: '25' })}`;
  };
  /** The count above the table ("42 permits"), once the page has loaded. */
  const permitCount = async (page: Page) => {
    const count = page.getByText(/^\d[\d,]* permits?$/);
    await expect.poll(() => count.count()).toBe(1);
    return Number((await count.innerText()).replace(/\D/g, ''));
  };

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

  it('fills the window down to its bottom edge with rows, at any window height', async () => {
    /** The space between the bottom of the table's frame (with its pager) and the window's. */
    const spaceBelow = () =>
      owner.evaluate(() => {
        const frame = document.querySelector('table[aria-label="Permits"]')!.closest('.mantine-Paper-root')!;
        return window.innerHeight - frame.getBoundingClientRect().bottom;
      });
    await expect.poll(spaceBelow).toBeGreaterThanOrEqual(8);
    expect(await spaceBelow()).toBeLessThanOrEqual(40);
    const before = await owner.viewportSize();
    await owner.setViewportSize({ width: before!.width, height: 1200 });
    try {
      await expect.poll(spaceBelow).toBeLessThanOrEqual(40);
      expect(await spaceBelow()).toBeGreaterThanOrEqual(8);
    } finally {
      await owner.setViewportSize(before!);
    }
  });

  it('searches, keeps the search in the address, and opens a permit from its row', async () => {
    await owner.getByRole('textbox', { name: 'Search permits' }).fill('NEC-JU-000123');
    await expect.poll(() => owner.getByText('1 permit', { exact: true }).count()).toBe(1);
    expect(owner.url()).toContain('NEC-JU-000123');
    await owner.reload();
    await expect.poll(() => permitRows(owner).count()).toBe(1);
    // Its number is a link to the permit (so it opens in a new tab too); the row opens it as well.
    const link = permitRows(owner).first().getByRole('link', { name: 'NEC-JU-000123' });
    expect(await link.getAttribute('href')).toMatch(/^\/permitting\/[0-9a-f-]{36}\/workflow$/);
    await permitRows(owner).first().getByRole('cell').nth(2).click();
    await owner.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow/);
    await owner.goBack();
    await expect.poll(() => permitRows(owner).count()).toBe(1);
    await link.click();
    await owner.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow/);
    await expect.poll(() => owner.getByRole('heading', { name: 'NEC-JU-000123', level: 1 }).count()).toBe(1);
  });

  it('says when the summary row did not load, and reads it again on request', async () => {
    const summaryCall = '**/api/joint-use/permits/overview?*includeSummary=true*';
    await owner.route(summaryCall, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Service Unavailable',
          status: 503,
          detail: 'Try again',
        }),
      }),
    );
    try {
      await owner.goto(
        `/permitting/all?${new URLSearchParams({ sum: 'permit.ActualPoles:Sum', summary: '1' })}`,
      );
      const retry = owner.getByRole('button', { name: 'The summary did not load. Try again' });
      await expect.poll(() => retry.count(), { timeout: 20_000 }).toBe(1);
      expect(await owner.getByRole('button', { name: 'Summary of Poles: Sum not loaded' }).count()).toBe(1);
      await owner.unroute(summaryCall);
      await retry.click();
      await expect.poll(() => retry.count()).toBe(0);
      await expect
        .poll(() => owner.getByRole('button', { name: /^Summary of Poles: Sum [\d,]+$/ }).count())
        .toBe(1);
    } finally {
      await owner.unroute(summaryCall);
    }
  });

  it('sorts by a column from its header', async () => {
    await owner.goto('/permitting/all');
    await owner.getByRole('button', { name: 'Sort by Permit Number' }).click();
    await expect.poll(() => permitRows(owner).first().innerText()).toContain('NEC-JU-000001');
    expect(owner.url()).toContain('sort');
  });

  it('resizes a column from the keyboard, on the edge of its header', async () => {
    await owner.goto('/permitting/all');
    await expect.poll(() => permitRows(owner).count()).toBeGreaterThan(0);
    const edge = table(owner).getByRole('separator', { name: 'Resize Location' });
    const header = table(owner).locator('thead th[title="Location"]');
    const widthOf = async () => Math.round((await header.boundingBox())?.width ?? 0);
    const before = Number(await edge.getAttribute('aria-valuenow'));
    expect(await widthOf()).toBe(before);
    await edge.focus();
    await owner.keyboard.press('ArrowRight');
    await owner.keyboard.press('ArrowRight');
    await expect.poll(widthOf).toBe(before + 32);
    await screenshot(owner, 'tracker-column-edge-focused');
    await owner.keyboard.press('Shift+ArrowLeft');
    await expect.poll(widthOf).toBe(before - 32);
    expect(Number(await edge.getAttribute('aria-valuenow'))).toBe(before - 32);
    await owner.keyboard.press('Home');
    await expect.poll(widthOf).toBe(64);
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

  it('filters by any person the owner may see, found by the server as one types', async () => {
    await owner.goto('/permitting/all');
    expect(await permitCount(owner)).toBe(300);
    await owner.getByRole('button', { name: 'Filter' }).click();
    await owner.getByRole('combobox', { name: 'Column of filter 1' }).fill('Next Up Assignees');
    await owner.getByRole('option', { name: 'Next Up Assignees' }).click();
    // An email only the server can match: the people of the rows are listed by name alone.
    await owner.getByRole('combobox', { name: 'Value of filter 1' }).fill('lee.park@');
    const person = owner.getByRole('option', { name: /Lee Park/ });
    await expect.poll(() => person.count()).toBe(1);
    expect(await person.innerText()).toContain('lee.park@northfield-electric.example');
    await person.click();
    await owner.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => owner.getByText(/Next Up Assignees includes Lee Park/).count()).toBe(1);
    expect(decodeURIComponent(owner.url())).toContain('workflow.NextUpTaskAssignees');
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(0);
    expect(await permitCount(owner)).toBeLessThan(300);
    // Opened afresh from its address, the filter's chip still names the person, asked of the server.
    await owner.reload();
    await expect.poll(() => owner.getByText(/Next Up Assignees includes Lee Park/).count()).toBe(1);
    expect(await owner.getByText(/includes a person/).count()).toBe(0);
  });

  it('takes a permit off a filtered page live when it no longer matches, with no reload', async () => {
    await owner.goto(trackerUrl('Active', 'Valley'));
    const before = await permitCount(owner);
    await expect.poll(() => permitRows(owner).count()).toBe(25);
    const number = (await permitRows(owner).first().innerText()).match(/NEC-JU-\d{6}/)![0];
    // Put on hold in another tab: this page hears of it and reads itself again.
    const other = await owner.context().newPage();
    try {
      await setHoldFromTracker(other, number, true, 'Crew unavailable');
      await expect.poll(() => permitCount(owner), { timeout: 15_000 }).toBe(before - 1);
      expect(await permitRows(owner).filter({ hasText: number }).count()).toBe(0);
    } finally {
      await setHoldFromTracker(other, number, false, 'Crew back');
      await other.close();
    }
    await owner.reload();
    expect(await permitCount(owner)).toBe(before);
  });

  it('reads its page once, not row by row, when a bulk action in another tab changes many of its rows', async () => {
    await owner.goto('/permitting/all?size=25');
    await expect.poll(() => permitRows(owner).count()).toBe(25);
    const numberOf = (text: string) => text.match(/NEC-JU-\d{6}/)![0];
    const active = (await permitRows(owner).allInnerTexts())
      .filter((text) => /(^|\t)Active(\t|$)/m.test(text))
      .map(numberOf);
    // More rows than the page reads one by one.
    expect(active.length).toBeGreaterThan(5);
    const chosen = active.slice(0, 8);
    const reads: string[] = [];
    const listen = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/overview')) reads.push(path);
    };
    const other = await owner.context().newPage();
    const bulk = (hold: boolean) =>
      holdFromTracker(
        other,
        '/permitting/all?size=25',
        chosen,
        hold,
        hold ? 'Storm damage survey' : 'Survey done',
      );
    const statusOf = async (number: string) =>
      permitRows(owner).filter({ hasText: number }).first().innerText();
    try {
      owner.on('request', listen);
      await bulk(true);
      for (const number of chosen) {
        await expect.poll(() => statusOf(number), { timeout: 15_000 }).toMatch(/(^|\t)On hold(\t|$)/m);
      }
      expect(reads.filter((path) => path.includes('/overview/row/'))).toEqual([]);
      expect(reads.filter((path) => path.endsWith('/permits/overview')).length).toBeGreaterThan(0);
    } finally {
      owner.off('request', listen);
      await bulk(false);
      await other.close();
    }
    for (const number of chosen) {
      await expect.poll(() => statusOf(number), { timeout: 15_000 }).toMatch(/(^|\t)Active(\t|$)/m);
    }
  });

  it('selects every permit matching a filter, puts them on hold and takes them off hold', async () => {
    await owner.goto(trackerUrl('OnHold', 'Valley'));
    const heldBefore = await permitCount(owner);
    await owner.goto(trackerUrl('Active', 'Valley'));
    const active = await permitCount(owner);
    expect(active).toBeGreaterThan(25);
    await expect.poll(() => permitRows(owner).count()).toBe(25);

    await owner.getByRole('checkbox', { name: 'Select all permits on this page' }).check();
    await expect.poll(() => owner.getByText('All 25 permits on this page are selected.').count()).toBe(1);
    await owner.getByRole('button', { name: `Select all ${active} permits that match` }).click();
    await expect
      .poll(() => owner.getByText(`All ${active} permits that match are selected.`).count())
      .toBe(1);
    const bar = owner.getByRole('region', { name: 'Selected rows' });
    await expect.poll(() => bar.getByText(`${active} permits selected`).count()).toBe(1);

    await bar.getByRole('button', { name: 'Put on hold' }).click();
    const hold = owner.getByRole('dialog', { name: 'Put permits on hold' });
    await expect.poll(() => hold.getByText(`Put ${active} permits on hold?`).count()).toBe(1);
    await hold.getByRole('textbox', { name: 'Reason' }).fill('Storm damage survey');
    await screenshot(owner, 'tracker-hold-all-matching');
    await hold.getByRole('button', { name: 'Put on hold' }).click();
    await expect.poll(() => owner.getByText(`${active} permits put on hold`).count()).toBe(1);
    await expect.poll(() => owner.getByText(/No permits match/).count()).toBe(1);

    // The same permits now show On Hold, with those held before.
    await owner.goto(trackerUrl('OnHold', 'Valley'));
    const held = heldBefore + active;
    expect(await permitCount(owner)).toBe(held);
    await expect.poll(() => permitRows(owner).count()).toBe(25);
    const statuses = await permitRows(owner).allInnerTexts();
    expect(statuses.every((text) => text.includes('On hold'))).toBe(true);

    await owner.getByRole('checkbox', { name: 'Select all permits on this page' }).check();
    await owner.getByRole('button', { name: `Select all ${held} permits that match` }).click();
    await bar.getByRole('button', { name: 'Remove from hold' }).click();
    const release = owner.getByRole('dialog', { name: 'Remove permits from hold' });
    await expect.poll(() => release.getByText(`Remove ${held} permits from hold?`).count()).toBe(1);
    await release.getByRole('textbox', { name: 'Reason' }).fill('Survey done');
    await release.getByRole('button', { name: 'Remove from hold' }).click();
    await expect.poll(() => owner.getByText(`${held} permits removed from hold`).count()).toBe(1);
    await expect.poll(() => owner.getByText(/No permits match/).count()).toBe(1);
    await owner.goto(trackerUrl('Active', 'Valley'));
    expect(await permitCount(owner)).toBe(held);
  });

  it('shows an export’s progress, saves the whole file, and can cancel one', async () => {
    await owner.goto('/permitting/all');
    expect(await permitCount(owner)).toBe(300);
    // A slow connection, so the file arrives piece by piece.
    const network = await owner.context().newCDPSession(owner);
    await network.send('Network.enable');
    const throttle = (bytesPerSecond: number) =>
      network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: -1,
      });
    await throttle(16 * 1024);

    await owner.getByRole('button', { name: 'Export' }).click();
    const download = owner.waitForEvent('download');
    await owner.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    const progress = owner.getByRole('status', { name: 'Export progress' });
    await expect
      .poll(async () => ((await progress.count()) > 0 ? progress.innerText() : ''))
      .toMatch(/Exporting CSV… [1-9][\d,]* of 300 rows/);
    await screenshot(owner, 'tracker-export-progress');
    // Left for another page while it runs, the export goes on and the file is saved there.
    await owner
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Work', exact: true })
      .click();
    await owner.waitForURL(/\/permitting\/my-work/);
    await throttle(-1);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^All Permits \d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Permit Number');
    expect(lines).toHaveLength(301);
    await expect
      .poll(() => owner.getByText(`300 permits exported to ${file.suggestedFilename()}`).count())
      .toBe(1);
    await owner.goBack();
    expect(await permitCount(owner)).toBe(300);
    await expect.poll(() => progress.count()).toBe(0);

    // A workbook on a very slow connection, in the dark scheme, cancelled on the way.
    await switchToDarkScheme(owner);
    await throttle(2 * 1024);
    await owner.getByRole('button', { name: 'Export' }).click();
    await owner.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    await expect
      .poll(async () => ((await progress.count()) > 0 ? progress.innerText() : ''))
      .toMatch(/Exporting Excel… .* \(300 rows\)/);
    await owner.getByRole('menu').waitFor({ state: 'detached' });
    await screenshot(owner, 'tracker-export-progress-dark');
    await owner.getByRole('button', { name: 'Cancel export' }).click();
    await expect.poll(() => owner.getByText('Export cancelled.').count()).toBe(1);
    await screenshot(owner, 'tracker-export-cancelled-dark');
    await throttle(-1);
    await network.detach();
  });
});
