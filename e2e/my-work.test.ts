import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  findChromium,
  openSuite,
  type Suite,
  screenshot,
  setHoldFromTracker,
  signedInPage,
} from './harness.ts';

const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('My Work in a browser', () => {
  let suite: Suite;
  let owner: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    owner = await signedInPage(suite, DEMO.ownerAdmin, '/permitting/my-work');
  });
  afterAll(() => suite?.close());

  const tasks = () => owner.getByRole('table', { name: 'My tasks' });
  const taskLinks = () => tasks().getByRole('link', { name: /^NEC-JU-\d+$/ });

  it('lists my tasks, says when a permit is on hold, and opens the task on its permit', async () => {
    await owner.goto('/permitting/my-work');
    await expect.poll(() => taskLinks().count()).toBeGreaterThan(0);
    const rowOf = (permitNumber: string) =>
      tasks()
        .getByRole('row')
        .filter({ has: owner.getByRole('link', { name: permitNumber, exact: true }) });
    // A task whose permit is active: its number stands alone; one waiting for a cancellation decision says so.
    let number = '';
    for (const link of await taskLinks().all()) {
      const candidate = (await link.innerText()).trim();
      const text = await rowOf(candidate).first().innerText();
      if (text.includes('Cancel requested')) continue;
      if (!text.includes('On hold')) {
        number = candidate;
        break;
      }
    }
    expect(number).not.toBe('');
    const row = rowOf(number);
    // The permit put on hold from the tracker's selection bar.
    await setHoldFromTracker(owner, number, true, 'Waiting for the make-ready crew');

    try {
      await owner.goto('/permitting/my-work');
      await expect.poll(() => row.getByText('On hold', { exact: true }).count()).toBe(1);
      await screenshot(owner, 'my-work-on-hold');
      // The permit's number opens the task on the permit.
      await row.getByRole('link', { name: number, exact: true }).click();
      await owner.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow/);
      await expect.poll(() => owner.getByText(number).count()).toBeGreaterThan(0);
    } finally {
      await setHoldFromTracker(owner, number, false, 'Crew scheduled');
    }
  });

  it('moves between tasks with the arrow keys, Home and End, and opens one with Enter', async () => {
    await owner.goto('/permitting/my-work');
    await expect.poll(() => taskLinks().count()).toBeGreaterThan(2);
    const rows = tasks().locator('tbody tr[tabindex]');
    const focusedIndex = () => rows.evaluateAll((all) => all.indexOf(document.activeElement as HTMLElement));
    const count = await rows.count();
    await rows.first().focus();
    await owner.keyboard.press('ArrowDown');
    await owner.keyboard.press('ArrowDown');
    expect(await focusedIndex()).toBe(2);
    await owner.keyboard.press('ArrowUp');
    expect(await focusedIndex()).toBe(1);
    await owner.keyboard.press('End');
    expect(await focusedIndex()).toBe(count - 1);
    await owner.keyboard.press('Home');
    expect(await focusedIndex()).toBe(0);
    await owner.keyboard.press('ArrowDown');
    const number = (
      await rows
        .nth(1)
        .getByRole('link', { name: /^NEC-JU-\d+$/ })
        .innerText()
    ).trim();
    await owner.keyboard.press('Enter');
    await owner.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow/);
    await expect.poll(() => owner.getByText(number).count()).toBeGreaterThan(0);
  });

  it('moves a link to a page past the end to the last page, rather than saying there is nothing', async () => {
    await owner.goto('/permitting/my-work?page=999');
    await expect.poll(() => taskLinks().count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const page = Number(new URL(owner.url()).searchParams.get('page') ?? '1');
    expect(page).toBeGreaterThanOrEqual(1);
    expect(page).toBeLessThan(999);
    expect(await owner.getByText('No tasks are assigned to you').count()).toBe(0);
  });
});
