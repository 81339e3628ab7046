import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, findChromium, openSuite, type Suite, screenshot, signedInPage } from './harness.ts';

const chromiumPath = findChromium();

/**
 * The demo program: its one template has version 1 published with the 300 demo permits on it, 230 of them open
 * (completed and cancelled permits stay where they are).
 */
const PROJECT = { name: 'Northfield Joint Use Program', template: 'Pole Attachment Application' };
const RENAMED = 'Grant or Deny Access';

describe.skipIf(!chromiumPath)('moving permits between template versions in a browser', () => {
  let suite: Suite;
  let page: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    page = await signedInPage(suite, DEMO.ownerAdmin, '/projects');
  });
  afterAll(() => suite?.close());

  const card = () => page.getByRole('region', { name: PROJECT.template });
  const versionRow = (version: number) =>
    card()
      .getByRole('table', { name: `Versions of ${PROJECT.template}`, exact: true })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Version ${version}`, exact: true }) });
  /** The cells of a version's row: version, status, stages, tasks, permits, updated, published, action. */
  const cells = (version: number) => versionRow(version).getByRole('cell').allInnerTexts();
  const dialog = () => page.getByRole('dialog', { name: 'Move permits of version 1' });

  /** Opens a select of the dialog and takes one of its options. */
  async function choose(select: Locator, option: string) {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('shows how many permits run on the published version', async () => {
    await page.getByRole('link', { name: PROJECT.name }).click();
    await page.getByRole('tab', { name: 'Workflows' }).click();
    await page.waitForURL(/tab=workflows/);
    await expect.poll(() => cells(1)).toEqual(expect.arrayContaining(['Published', '300']));
    // The latest published version has nowhere newer to send its permits.
    expect(
      await versionRow(1)
        .getByRole('button', { name: /^Move permits/ })
        .count(),
    ).toBe(0);
  });

  it('publishes version 2 with a task renamed in the designer', async () => {
    await card().getByRole('button', { name: 'New draft' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/workflows\/[0-9a-f-]{36}$/);
    const task = page.getByRole('group', { name: 'Task Grant or Deny', exact: true });
    await task.getByRole('textbox', { name: 'Task name' }).fill(RENAMED);
    await expect
      .poll(() => page.getByRole('group', { name: `Task ${RENAMED}`, exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('Draft saved').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Publish version 2' });
    await confirmation.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => confirmation.count()).toBe(0);

    await page.getByLabel('Breadcrumb').getByRole('link', { name: 'Workflows' }).click();
    await expect.poll(() => cells(2)).toEqual(expect.arrayContaining(['Published', '0']));
    await expect.poll(() => cells(1)).toEqual(expect.arrayContaining(['Published', '300']));
  });

  it('chooses the target version and narrows the permits to choose from', async () => {
    await versionRow(1).getByRole('button', { name: 'Move permits of version 1' }).click();
    await expect.poll(() => dialog().count()).toBe(1);
    const target = dialog().getByRole('combobox', { name: 'Move to' });
    expect(await target.inputValue()).toBe('Version 2 (latest)');

    await dialog().getByRole('radio', { name: 'Choose permits' }).check();
    const permits = dialog().getByRole('table', { name: 'Permits on this version' });
    await expect.poll(() => permits.getByRole('checkbox', { name: /^Select NEC-JU-/ }).count()).toBe(50);
    expect(await dialog().getByRole('button', { name: 'Preview', exact: true }).isDisabled()).toBe(true);
    await dialog().getByRole('textbox', { name: 'Filter the permits on this page' }).fill('000300');
    await expect.poll(() => permits.getByRole('checkbox', { name: /^Select NEC-JU-/ }).count()).toBe(1);
    await permits.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect.poll(() => dialog().getByText('1 permit chosen').count()).toBe(1);
    await screenshot(page, 'workflow-migration-choose');

    await dialog().getByRole('radio', { name: 'All 300 permits' }).check();
    await expect.poll(() => permits.count()).toBe(0);
  });

  it('previews the move, changes a task’s mapping and previews again', async () => {
    await dialog().getByRole('button', { name: 'Preview', exact: true }).click();
    const headline = dialog().getByRole('alert').filter({ hasText: 'Preview: nothing has moved yet' });
    await expect
      .poll(() => headline.getByText('230 permits would move to version 2; 70 would be skipped.').count())
      .toBe(1);
    const renamed = dialog().getByRole('combobox', { name: 'Target of the task Grant or Deny' });
    await expect.poll(() => renamed.inputValue()).toBe(RENAMED);
    const tasks = dialog().getByRole('table', { name: 'Tasks on the target version' });
    expect(await tasks.getByText('Renamed', { exact: true }).count()).toBe(1);
    const values = dialog().getByRole('region', { name: 'Values that would be dropped' });
    expect(await values.getByText(/^None/).count()).toBe(1);
    await screenshot(page, 'workflow-migration-preview');

    const inspection = dialog().getByRole('combobox', { name: 'Target of the task Inspection' });
    await choose(inspection, 'Drop');
    await expect.poll(() => dialog().getByText('The preview is out of date').count()).toBe(1);
    const move = dialog().getByRole('button', { name: 'Move 230 permits' });
    expect(await move.isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Preview again' }).click();
    const fresh = dialog().getByRole('region', { name: 'New on version 2' });
    await expect
      .poll(() => fresh.getByText('Task Inspection in Post-Construction Inspection').count())
      .toBe(1);
    expect(await move.isDisabled()).toBe(false);

    // Dropping it was only a look: the server's own pairing goes back, and is previewed once more.
    await dialog().getByRole('button', { name: 'Undo my mapping changes' }).click();
    await dialog().getByRole('button', { name: 'Preview again' }).click();
    await expect.poll(() => inspection.inputValue()).toBe('Inspection');
    await expect.poll(() => fresh.getByText(/^Nothing new/).count()).toBe(1);
  });

  it('moves the permits after the confirmation and shows them on version 2', async () => {
    await dialog().getByRole('button', { name: 'Move 230 permits' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Move 230 permits' });
    await expect
      .poll(() => confirmation.getByText(/^Move 230 permits from version 1 to version 2\?/).count())
      .toBe(1);
    await confirmation.getByRole('button', { name: 'Move 230 permits' }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(/^230 permits now run on version 2\./)
          .count(),
      )
      .toBe(1);
    expect(await page.getByText('Permits moved').count()).toBeGreaterThan(0);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog().count()).toBe(0);

    await expect.poll(() => cells(1)).toEqual(expect.arrayContaining(['Published', '70']));
    await expect.poll(() => cells(2)).toEqual(expect.arrayContaining(['Published', '230']));
    await screenshot(page, 'workflow-migration-done');
  });
});
