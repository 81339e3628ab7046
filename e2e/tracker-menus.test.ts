import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, findChromium, openSuite, type Suite, screenshot, signedInPage } from './harness.ts';

const chromiumPath = findChromium();

/** Whether a person sees the middle of an element: the topmost thing there is the element or inside it. */
const seenAt = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });

/** The text of the element the keyboard is on. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Opens the tracker, ticks the permit's row and gives the selection bar that appears. */
async function selectPermit(page: Page, permitNumber: string) {
  await page.goto('/permitting/all');
  await page
    .getByRole('table', { name: 'Permits' })
    .getByRole('checkbox', { name: `Select ${permitNumber}` })
    .check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await bar.waitFor();
  return bar;
}

describe.skipIf(!chromiumPath)('the permit tracker’s filter builder, views menu and selection', () => {
  let suite: Suite;
  let owner: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    owner = await signedInPage(suite, DEMO.ownerAdmin, '/permitting/all');
  });
  afterAll(() => suite?.close());

  const openBuilder = async () => {
    await owner.goto('/permitting/all');
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(1);
    await owner.getByRole('button', { name: 'Filter' }).click();
    await owner.getByRole('button', { name: 'Apply filters' }).waitFor();
  };

  it('shows a filter row’s list of columns whole, not cut off by the builder', async () => {
    await openBuilder();
    await owner.getByRole('combobox', { name: 'Column of filter 1' }).click();
    const list = owner.getByRole('listbox');
    await list.waitFor();
    // The fourth column of the list, below the builder's one row and its buttons.
    const option = owner.getByRole('option', { name: 'Permit Number', exact: true });
    await expect.poll(() => seenAt(option)).toBe(true);
    await screenshot(owner, 'tracker-filter-column-list');
    await option.click();
    await expect
      .poll(() => owner.getByRole('combobox', { name: 'Column of filter 1' }).inputValue())
      .toBe('Permit Number');
    // A click in the list is a click in the builder: it stays open.
    expect(await owner.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(true);
  });

  it('closes an open list with Escape and keeps the builder and its rows; a second Escape closes it', async () => {
    await openBuilder();
    await owner.getByRole('combobox', { name: 'Column of filter 1' }).fill('Status');
    await owner.getByRole('option', { name: 'Status', exact: true }).click();
    await owner.getByRole('combobox', { name: 'Value of filter 1' }).click();
    await owner.getByRole('listbox').waitFor();
    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.getByRole('listbox').count()).toBe(0);
    // Past the popover's closing fade, which would still show the button for a moment.
    await owner.waitForTimeout(500);
    expect(await owner.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(true);
    expect(await owner.getByRole('combobox', { name: 'Column of filter 1' }).inputValue()).toBe('Status');

    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
    // The keyboard is back where it was, on the button that opened the builder.
    await expect.poll(() => focusedText(owner)).toBe('Filter');
  });

  it('closes an open list of the Sort panel with Escape and keeps the panel; a second Escape closes it', async () => {
    await owner.goto('/permitting/all');
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(1);
    await owner.getByRole('button', { name: 'Sort', exact: true }).click();
    await owner.getByRole('button', { name: 'Add sort' }).click();
    const column = owner.getByRole('combobox', { name: 'Column of sort 1' });
    await column.click();
    await owner.getByRole('listbox').waitFor();
    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.getByRole('listbox').count()).toBe(0);
    // Past the popover's closing fade, which would still show the panel for a moment.
    await owner.waitForTimeout(500);
    expect(await owner.getByRole('button', { name: 'Add sort' }).isVisible()).toBe(true);

    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.getByRole('button', { name: 'Add sort' }).count()).toBe(0);
    await expect.poll(() => focusedText(owner)).toMatch(/^Sort\s*1$/);
    // The sort added stays: Escape closes the panel, it does not undo.
    expect(owner.url()).toContain('sort=');
  });

  it('leaves a view unchanged when a hand-edited address filters with an operator its column lacks; Discard changes puts a change back', async () => {
    // Status is a list of values: 'contains' does not apply to it, so the table leaves the row out.
    const filter = {
      condition: 'And',
      rows: [{ id: 'edited', dataId: 'permit.Status', operator: 'Contains', value: 'Active' }],
      groups: [],
    };
    await owner.goto(
      `/permitting/all?${new URLSearchParams({ view: 'all', filter: JSON.stringify(filter) })}`,
    );
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(1);
    await owner.waitForTimeout(500);
    expect(await owner.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
    // The table says it left part of the address's filter out; dismissed, the address holds what it applies.
    const notice = owner.getByRole('alert').filter({ hasText: 'Part of the filter was left out' });
    await expect.poll(() => notice.count()).toBe(1);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(owner.url()).not.toContain('filter=');
    expect(await owner.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
    // A change the user makes still marks it.
    await owner.getByRole('button', { name: 'Sort by Permit Number' }).click();
    await expect.poll(() => owner.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(1);
    expect(owner.url()).toContain('sort=');

    // Discarding puts the saved view back: the sort goes and the dot with it.
    await owner.getByRole('button', { name: 'Views' }).click();
    await owner.getByRole('menuitem', { name: 'Discard changes' }).click();
    await expect.poll(() => owner.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
    expect(owner.url()).not.toContain('sort=');
    await owner.getByRole('button', { name: 'Views' }).click();
    expect(await owner.getByRole('menuitem', { name: 'Discard changes' }).isDisabled()).toBe(true);
    await owner.keyboard.press('Escape');
  });

  it('filters and sums a task’s time on its timer in days', async () => {
    await owner.goto('/permitting/all');
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(1);
    const name = 'Completeness Review · Elapsed Time on Timer';
    await owner.getByRole('button', { name: 'Columns' }).click();
    const picker = owner.getByRole('dialog', { name: 'Columns' });
    // Its cross is named for a screen reader, as every dialog's and panel's is.
    await expect.poll(() => picker.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
    await picker.getByRole('textbox', { name: 'Search columns' }).fill('Completeness Review');
    await picker.getByRole('group', { name: 'Task' }).getByRole('checkbox', { name }).check();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await owner.getByRole('button', { name: `Options of ${name}` }).click();
    await owner.getByRole('menuitem', { name: 'Sum' }).click();
    // A narrow column cuts the sum short: the button still names it whole, for a tooltip and a screen reader.
    const sum = owner.getByRole('button', { name: `Summary of ${name}` });
    await expect.poll(() => sum.getAttribute('aria-label')).toMatch(/: Sum [\d,.]+ d$/);
    expect(await sum.getAttribute('title')).toMatch(/^Sum [\d,.]+ d$/);

    await owner.getByRole('button', { name: 'Filter' }).click();
    await owner.getByRole('combobox', { name: 'Column of filter 1' }).fill(name);
    await owner.getByRole('option', { name }).click();
    await owner.getByRole('combobox', { name: 'Operator of filter 1' }).click();
    await owner.getByRole('option', { name: '≥' }).click();
    await owner.getByRole('textbox', { name: 'Value of filter 1' }).fill('1');
    await owner.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => owner.getByText(`${name} ≥ 1 day`, { exact: true }).count()).toBe(1);
    await expect.poll(() => owner.getByText('300 permits', { exact: true }).count()).toBe(0);
  });

  it('opens the Default Dashboard from the views menu on the dashboard page', async () => {
    await owner.goto('/permitting/all');
    await owner.getByRole('button', { name: 'Views' }).click();
    await owner.getByRole('menuitem', { name: 'Default Dashboard' }).click();
    await owner.waitForURL('**/permitting/dashboard');
    await expect.poll(() => owner.getByRole('heading', { name: 'Dashboard', level: 1 }).count()).toBe(1);
    expect(await owner.getByText('Something went wrong').count()).toBe(0);
  });

  it('sends an address naming the dashboard to the dashboard page', async () => {
    await owner.goto('/permitting/all?view=default');
    await owner.waitForURL('**/permitting/dashboard');
    await expect.poll(() => owner.getByRole('heading', { name: 'Dashboard', level: 1 }).count()).toBe(1);
    expect(await owner.getByText('Something went wrong').count()).toBe(0);
  });

  it('counts one selected permit in the singular', async () => {
    const bar = await selectPermit(owner, 'NEC-JU-000300');
    await expect.poll(() => bar.getByText('1 permit selected', { exact: true }).count()).toBe(1);
    await owner
      .getByRole('table', { name: 'Permits' })
      .getByRole('checkbox', { name: 'Select NEC-JU-000299' })
      .check();
    await expect.poll(() => bar.getByText('2 permits selected', { exact: true }).count()).toBe(1);
  });

  it('offers an attacher only the actions it may take on its permits', async () => {
    const attacher = await signedInPage(suite, DEMO.fiberAdmin, '/permitting/all');
    const bar = await selectPermit(attacher, 'NEC-JU-000298');
    await expect.poll(() => bar.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'Assign…' }).count()).toBe(1);
    // Holds and restrictions are the pole owner's, so they are not offered.
    for (const name of ['Put on hold', 'Remove from hold', 'Restrict', 'Remove restriction'])
      expect(await bar.getByRole('button', { name, exact: true }).count()).toBe(0);
    await screenshot(attacher, 'tracker-attacher-selection');

    // The pole owner's permit manager has them all.
    const ownerBar = await selectPermit(owner, 'NEC-JU-000298');
    await expect.poll(() => ownerBar.getByRole('button', { name: 'Put on hold' }).count()).toBe(1);
    expect(await ownerBar.getByRole('button', { name: 'Restrict', exact: true }).count()).toBe(1);
  });

  it('gives the table its height back when the selection bar goes away', async () => {
    await owner.goto('/permitting/all');
    const footer = owner.getByLabel('Rows per page').first();
    const table = owner.getByRole('table', { name: 'Permits' });
    await expect.poll(async () => (await table.getByRole('row').count()) > 1).toBe(true);
    const bottom = async () => Math.round((await footer.boundingBox())?.y ?? 0);
    await expect.poll(bottom).toBeGreaterThan(0);
    await owner.waitForTimeout(300); // the table's height measured against the window
    const before = await bottom();
    const bar = await selectPermit(owner, 'NEC-JU-000300');
    await bar.getByRole('button', { name: 'Clear selection', exact: true }).click();
    await expect
      .poll(() => bar.getByRole('button', { name: 'Clear selection', exact: true }).count())
      .toBe(0);
    // The table reaches down to the bottom of the window again, its footer where it was.
    await expect.poll(bottom).toBe(before);
  });

  it('asks to confirm a bulk deletion in a dialog 400 px wide, with a red button, and the count typed for many permits', async () => {
    const bar = await selectPermit(owner, 'NEC-JU-000300');
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: 'Delete permits' });
    await dialog.waitFor();
    await owner.waitForTimeout(300); // past the dialog's opening transition
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(400);
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    const red = await owner.evaluate(() =>
      getComputedStyle(document.body).getPropertyValue('--mantine-color-red-filled'),
    );
    const background = await confirm.evaluate((button) => getComputedStyle(button).backgroundColor);
    const probe = await owner.evaluate((color) => {
      const element = document.createElement('div');
      element.style.backgroundColor = color;
      document.body.append(element);
      const value = getComputedStyle(element).backgroundColor;
      element.remove();
      return value;
    }, red.trim());
    expect(background).toBe(probe);
    // One permit: a click deletes it, nothing to type.
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Every permit that matches: the count is typed first.
    await owner.getByRole('checkbox', { name: 'Select all permits on this page' }).check();
    await owner.getByRole('button', { name: /^Select all [\d,]+ permits that match$/ }).click();
    const selected = (await bar.getByText(/permits selected$/).innerText()).replace(/\D/g, '');
    expect(Number(selected)).toBeGreaterThanOrEqual(20);
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor();
    const typed = dialog.getByRole('textbox', { name: `Type ${selected} to confirm` });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => typed.getAttribute('aria-invalid')).toBe('true');
    await typed.fill(String(Number(selected) - 1));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // Nothing was deleted.
    await expect
      .poll(() => bar.getByText(`${Number(selected).toLocaleString('en-US')} permits selected`).count())
      .toBe(1);
    await bar.getByRole('button', { name: 'Clear selection' }).click();
  });

  it('previews a bulk assignment naming who is added and who removed on each permit, then applies it', async () => {
    const bar = await selectPermit(owner, 'NEC-JU-000300');
    await bar.getByRole('button', { name: 'Assign…' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Assign on 1 permit' });
    await dialog.getByRole('combobox', { name: 'Task' }).fill('Completeness Review');
    await owner.getByRole('option', { name: 'Completeness Review' }).first().click();
    await dialog.getByLabel('People').fill('Alex');
    await owner.getByRole('option', { name: /Alex Kim/ }).click();
    // The people list closes as the keyboard leaves the field.
    await owner.keyboard.press('Tab');
    await expect.poll(() => owner.getByRole('listbox').count()).toBe(0);
    await dialog.getByText('Make exact', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Preview changes' }).click();
    const changes = dialog.getByRole('list', { name: 'Changes by permit' });
    await expect.poll(() => changes.getByRole('listitem').count()).toBe(1);
    expect(await changes.getByRole('listitem').innerText()).toMatch(
      /^NEC-JU-000300 · Completeness Review: adds Alex Kim(; removes .+)?$/,
    );
    await dialog.getByRole('button', { name: 'Assign on 1 permit' }).click();
    await expect.poll(() => owner.getByText('Assignees changed on 1 permit').count()).toBeGreaterThan(0);
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('keeps every action of the selection bar on a 1024 px screen', async () => {
    await owner.setViewportSize({ width: 1024, height: 800 });
    try {
      const bar = await selectPermit(owner, 'NEC-JU-000300');
      for (const name of ['Put on hold', 'Assign…', 'Delete', 'Clear selection'])
        await expect.poll(() => seenAt(bar.getByRole('button', { name, exact: true }))).toBe(true);
      // The toolbar's tools wrap among themselves; Export stays on the first line, beside the search.
      const search = await owner.getByRole('textbox', { name: 'Search permits' }).boundingBox();
      const exportButton = await owner.getByRole('button', { name: 'Export' }).boundingBox();
      expect(Math.abs((exportButton?.y ?? 0) - (search?.y ?? 0))).toBeLessThan(8);
      await screenshot(owner, 'tracker-selection-1024');
    } finally {
      await owner.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('lists the keyboard shortcuts on ?, but not while one types a question mark', async () => {
    await owner.goto('/permitting/all');
    const search = owner.getByRole('textbox', { name: 'Search permits' });
    await search.click();
    await owner.keyboard.type('?');
    expect(await search.inputValue()).toBe('?');
    expect(await owner.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await search.fill('');
    await owner.getByRole('heading', { name: 'All Permits', level: 1 }).click();

    await owner.keyboard.press('Shift+?');
    const shortcuts = owner.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => shortcuts.getByText('Focus the search box of the list').count()).toBe(1);
    await owner.waitForTimeout(300); // past the dialog's opening fade
    await screenshot(owner, 'keyboard-shortcuts');
    await owner.keyboard.press('Escape');
    await expect.poll(() => shortcuts.count()).toBe(0);
  });
});
