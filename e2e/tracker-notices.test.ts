import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  DEMO,
  findChromium,
  openSuite,
  openViewsMenu,
  type Suite,
  signedInPage,
} from './harness.ts';

const chromiumPath = findChromium();

/**
 * What the tracker tells a person about parts of the table it cannot keep or that changed under them: a
 * search a new view does not save, a view saved elsewhere while the page has changes of its own, filters
 * and sorts a column change removes; and filter values that match as people type them.
 */
describe.skipIf(!chromiumPath)('the permit tracker says what it keeps and what it drops', () => {
  let suite: Suite;
  let dana: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    dana = await signedInPage(suite, DEMO.ownerAdmin, '/permitting/all');
  }, 180_000);
  afterAll(() => suite?.close());

  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const countText = (page: Page) => page.getByText(/^\d[\d,]* permits?$/);
  const countOf = async (page: Page) => {
    await expect.poll(() => countText(page).count(), { timeout: 20_000 }).toBe(1);
    return Number((await countText(page).innerText()).replace(/[^\d]/g, ''));
  };
  const dot = (page: Page) => page.getByRole('img', { name: 'Unsaved changes' });
  const openViews = openViewsMenu;
  const sortOf = (page: Page) => new URL(page.url()).searchParams.get('sort');
  const choose = chooseOption;
  const openBuilder = async () => {
    await dana.goto('/permitting/all');
    expect(await countOf(dana)).toBe(300);
    await dana.getByRole('button', { name: 'Filter', exact: true }).click();
    await dana.getByRole('button', { name: 'Apply filters' }).waitFor();
  };

  it('says in the save dialog that an active search is not saved with the new view', async () => {
    await dana.goto('/permitting/all');
    await countOf(dana);
    await (await openViews(dana)).getByRole('menuitem', { name: 'Save as new view…' }).click();
    let dialog = dana.getByRole('dialog', { name: 'Save as new view' });
    await dialog.getByLabel(/^Name/).waitFor();
    expect(await dialog.getByText(/not saved with the view/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await dana.getByRole('textbox', { name: 'Search permits' }).fill('Ridgeline');
    await expect.poll(() => new URL(dana.url()).searchParams.get('q')).toBe('Ridgeline');
    await (await openViews(dana)).getByRole('menuitem', { name: 'Save as new view…' }).click();
    dialog = dana.getByRole('dialog', { name: 'Save as new view' });
    await expect
      .poll(() => dialog.getByText('The search “Ridgeline” is not saved with the view.').count())
      .toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('tells a page with changes of its own that the view was saved elsewhere, and loads that version on request', async () => {
    await dana.goto('/permitting/all');
    await countOf(dana);
    await (await openViews(dana)).getByRole('menuitem', { name: 'Save as new view…' }).click();
    const dialog = dana.getByRole('dialog', { name: 'Save as new view' });
    await dialog.getByLabel(/^Name/).fill('Crew queue');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => heading(dana).innerText()).toBe('Crew queue');
    const url = `/permitting/all?view=${new URL(dana.url()).searchParams.get('view')}`;

    // The same view open on a second page, which sorts it its own way and keeps that unsaved.
    const other = await dana.context().newPage();
    await other.goto(url);
    await expect.poll(() => heading(other).innerText()).toBe('Crew queue');
    await countOf(other);
    await other.getByRole('button', { name: 'Sort by Permit Number' }).click();
    await expect.poll(() => dot(other).count()).toBe(1);
    const ownSort = sortOf(other);

    const saveSorted = async (column: string) => {
      await dana.getByRole('button', { name: `Sort by ${column}` }).click();
      await expect.poll(() => dot(dana).count()).toBe(1);
      await (await openViews(dana)).getByRole('menuitem', { name: 'Save view' }).click();
      await expect.poll(() => dot(dana).count()).toBe(0);
    };
    const notice = other.getByRole('alert').filter({ hasText: 'Crew queue was saved by someone else' });

    // Kept editing: the page's own sort stays, and so does the dot.
    await saveSorted('Location');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    expect(sortOf(other)).toBe(ownSort);
    await notice.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(sortOf(other)).toBe(ownSort);
    expect(await dot(other).count()).toBe(1);

    // Their version loaded: the page shows the view as saved, its own change gone.
    await saveSorted('Poles');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    await notice.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => sortOf(other)).toBe(sortOf(dana));
    await expect.poll(() => dot(other).count()).toBe(0);
    expect(await notice.count()).toBe(0);
    await other.close();
  });

  it('says which filters and sorts applying new columns removed', async () => {
    await dana.goto('/permitting/all?view=all');
    await countOf(dana);
    await dana.getByRole('button', { name: 'Sort by Location' }).click();
    await dana.getByRole('button', { name: 'Filter', exact: true }).click();
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 1', exact: true }), 'Location');
    await choose(dana, dana.getByRole('combobox', { name: 'Operator of filter 1', exact: true }), 'contains');
    await dana.getByLabel('Value of filter 1', { exact: true }).fill('St');
    await dana.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => dana.getByLabel('1 active').count()).toBe(1);

    await dana.getByRole('button', { name: 'Columns' }).click();
    const picker = dana.getByRole('dialog', { name: 'Columns' });
    await picker.getByRole('button', { name: 'Hide Location' }).click();
    // The picker says so before the change is applied, and the page once it is.
    await expect
      .poll(() => picker.getByText('Applying removes 1 filter and 1 sort on hidden columns.').count())
      .toBe(1);
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => dana.getByText('Removed 1 filter and 1 sort on hidden columns').count()).toBe(1);
    await expect.poll(() => dana.getByLabel('1 active').count()).toBe(0);
    expect(sortOf(dana)).toBeNull();
  });

  it('trims the spaces around a text filter’s value before applying it', async () => {
    await openBuilder();
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 1', exact: true }), 'Applicant');
    await choose(dana, dana.getByRole('combobox', { name: 'Operator of filter 1', exact: true }), 'contains');
    await dana.getByLabel('Value of filter 1', { exact: true }).fill(' Ridgeline Fiber ');
    await dana.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => dana.getByText('Applicant contains Ridgeline Fiber', { exact: true }).count())
      .toBe(1);
    // The count of the page before is still shown for a moment.
    await expect.poll(() => countOf(dana)).toBe(229);
  });

  it('picks the applicant and the project from their lists for is and is not, and keeps free text for contains', async () => {
    await openBuilder();
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 1', exact: true }), 'Applicant');
    await expect
      .poll(() => dana.getByRole('combobox', { name: 'Operator of filter 1', exact: true }).inputValue())
      .toBe('is');
    await choose(
      dana,
      dana.getByRole('combobox', { name: 'Value of filter 1', exact: true }),
      'Ridgeline Fiber',
    );
    await dana.getByRole('button', { name: 'Add filter' }).click();
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 2', exact: true }), 'Project');
    await choose(
      dana,
      dana.getByRole('combobox', { name: 'Value of filter 2', exact: true }),
      'Northfield Joint Use Program',
    );
    await dana.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => dana.getByLabel('2 active').count()).toBe(1);
    await expect.poll(() => countOf(dana)).toBe(229);

    // Contains stays free text.
    await dana.getByRole('button', { name: /^Filter/ }).click();
    await choose(dana, dana.getByRole('combobox', { name: 'Operator of filter 1', exact: true }), 'contains');
    expect(await dana.getByRole('textbox', { name: 'Value of filter 1', exact: true }).count()).toBe(1);
    await dana.getByRole('button', { name: 'Cancel', exact: true }).click();
  });
});
