import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseOption,
  DEMO,
  findChromium,
  openSuite,
  openViewsMenu,
  type Suite,
  screenshot,
  signedInPage,
  switchToDarkScheme,
} from './harness.ts';

const chromiumPath = findChromium();

const VIEW_NAME = 'Poles to check';
const UNAVAILABLE_TEXT = 'The view either not longer exists or you no longer have access.';

/** The fields of a CSV text, quoted fields and doubled quotes included. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * Saved views end to end: a pole owner builds a view with a nested filter, a sort and a summary, saves it,
 * opens it again, shares it with an attacher, keeps it in a favourites folder and exports it; a view that is
 * gone or no longer shared says so.
 */
describe.skipIf(!chromiumPath)('saved views in a browser', () => {
  let suite: Suite;
  let dana: Page;
  let maria: Page;
  let viewUrl = '';
  let filteredCount = 0;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    dana = await signedInPage(suite, DEMO.ownerAdmin, '/permitting/all');
  }, 180_000);
  afterAll(() => suite?.close());

  const table = (page: Page) => page.getByRole('table', { name: 'Permits' });
  const permitRows = (page: Page) =>
    table(page)
      .locator('tbody tr')
      .filter({ hasText: /NEC-JU-\d{6}/ });
  const countText = (page: Page) => page.getByText(/^\d[\d,]* permits?$/);
  const countOf = async (page: Page) => {
    await expect.poll(() => countText(page).count(), { timeout: 20_000 }).toBe(1);
    return Number((await countText(page).innerText()).replace(/[^\d]/g, ''));
  };
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const columnTitles = (page: Page) =>
    table(page)
      .locator('thead th[title]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
  /** The values of one column on the page, by its title. */
  const columnValues = async (page: Page, title: string) => {
    const index = (await columnTitles(page)).indexOf(title);
    expect(index).toBeGreaterThanOrEqual(0);
    // The first cell of a row is its checkbox.
    return permitRows(page).evaluateAll(
      (rows, at) => rows.map((row) => (row.querySelectorAll('td')[at + 1]?.textContent ?? '').trim()),
      index,
    );
  };
  const openViews = openViewsMenu;
  /** Saves the table as a new view from the views menu; the page opens it. Its address is returned. */
  const saveAsNewView = async (page: Page, name: string) => {
    await (await openViews(page)).getByRole('menuitem', { name: 'Save as new view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as new view' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => heading(page).innerText()).toBe(name);
    return `/permitting/all?view=${new URL(page.url()).searchParams.get('view')}`;
  };
  /** Deletes the open view from the views menu; the page goes back to All Permits. */
  const deleteOpenView = async (page: Page) => {
    await (await openViews(page)).getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete view' })
      .getByRole('button', { name: 'Delete view' })
      .click();
    await expect.poll(() => heading(page).innerText()).toBe('All Permits');
  };
  /** Waits until every transition that ends has ended, so that a screenshot shows the screen at rest. */
  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  const choose = chooseOption;

  it('builds a view with a nested filter, a sort and a summary, and saves it under a name', async () => {
    const all = await countOf(dana);
    expect(all).toBe(300);

    await dana.getByRole('button', { name: 'Filter', exact: true }).click();
    // Poles ≥ 2 and (Applicant contains Valley or Poles ≥ 6).
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 1', exact: true }), 'Poles');
    await choose(dana, dana.getByRole('combobox', { name: 'Operator of filter 1', exact: true }), '≥');
    await dana.getByLabel('Value of filter 1', { exact: true }).fill('2');
    await dana.getByRole('button', { name: 'Add group' }).click();
    const group = dana.getByRole('group', { name: 'Filter group 1' });
    await group.getByText('Any', { exact: true }).click();
    await choose(
      dana,
      dana.getByRole('combobox', { name: 'Column of filter 1.1', exact: true }),
      'Applicant',
    );
    await choose(
      dana,
      dana.getByRole('combobox', { name: 'Operator of filter 1.1', exact: true }),
      'contains',
    );
    await dana.getByLabel('Value of filter 1.1', { exact: true }).fill('Valley');
    await group.getByRole('button', { name: 'Add row to group' }).click();
    await choose(dana, dana.getByRole('combobox', { name: 'Column of filter 1.2', exact: true }), 'Poles');
    await choose(dana, dana.getByRole('combobox', { name: 'Operator of filter 1.2', exact: true }), '≥');
    await dana.getByLabel('Value of filter 1.2', { exact: true }).fill('6');
    await screenshot(dana, 'views-nested-filter');
    await dana.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => dana.getByLabel('3 active').count()).toBe(1);
    await expect.poll(async () => (await countOf(dana)) < all).toBe(true);
    filteredCount = await countOf(dana);
    expect(filteredCount).toBeGreaterThan(0);

    // Sort by poles, most first, and sum them in the summary row.
    await dana.getByRole('button', { name: 'Options of Poles' }).click();
    await dana.getByRole('menuitem', { name: 'Sort descending' }).click();
    await dana.getByRole('button', { name: 'Options of Poles' }).click();
    await dana.getByRole('menuitem', { name: 'Sum' }).click();
    await expect
      .poll(() => dana.getByRole('button', { name: 'Summary of Poles' }).innerText())
      .toMatch(/Sum\s+\d/);
    // The sorted page and the summary are separate answers: wait for the rows to arrive in their new order.
    const poles = async () => (await columnValues(dana, 'Poles')).map(Number);
    await expect.poll(async () => (await poles()).length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const shown = await poles();
        return [...shown].sort((a, b) => b - a).join() === shown.join();
      })
      .toBe(true);
    await expect.poll(() => dana.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(1);

    const menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Save as new view…' }).click();
    const dialog = dana.getByRole('dialog', { name: 'Save as new view' });
    await dialog.getByLabel(/^Name/).fill(VIEW_NAME);
    await dialog.getByLabel('Description').fill('Active permits with the most poles first');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    await dana.waitForURL(/[?&]view=[0-9a-f-]{36}/);
    viewUrl = `/permitting/all?view=${new URL(dana.url()).searchParams.get('view')}`;
    await expect.poll(() => dana.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
  });

  it('opens the saved view again with its rows, filter, sort and summary', async () => {
    const sumBefore = await dana.getByRole('button', { name: 'Summary of Poles' }).innerText();
    // The view's own link, without any table state in the address: the saved view fills the table.
    await dana.goto(viewUrl);
    await dana.reload();
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    expect(await countOf(dana)).toBe(filteredCount);
    await expect.poll(() => dana.getByLabel('3 active').count()).toBe(1);
    await expect
      .poll(() => table(dana).locator('th[title="Poles"]').getAttribute('aria-sort'))
      .toBe('descending');
    await expect
      .poll(() => dana.getByRole('button', { name: 'Summary of Poles' }).innerText())
      .toBe(sumBefore);
    const poles = (await columnValues(dana, 'Poles')).map(Number);
    expect([...poles].sort((a, b) => b - a)).toEqual(poles);
    await dana.getByRole('button', { name: /^Filter/ }).click();
    await expect.poll(() => dana.getByRole('group', { name: 'Filter group 1' }).count()).toBe(1);
    expect(await dana.getByLabel('Value of filter 1.1', { exact: true }).inputValue()).toBe('Valley');
    expect(await dana.getByLabel('Value of filter 1.2', { exact: true }).inputValue()).toBe('6');
    await dana.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await dana.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
    // The picture is of the table, once the filter builder has closed.
    await expect.poll(() => dana.getByRole('group', { name: 'Filter group 1' }).count()).toBe(0);
    await screenshot(dana, 'views-saved');
  });

  it('shares the view with a person of another organization, who is told, opens it and sees only her own permits', async () => {
    maria = await signedInPage(suite, DEMO.fiberAdmin, '/permitting/all');
    expect(await countOf(maria)).toBe(229);
    const menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = dana.getByRole('dialog', { name: `Share ${VIEW_NAME}` });
    const person = dialog.getByRole('combobox', { name: /^Add a person/ });
    await person.fill('Maria');
    await dana.getByRole('option', { name: /Maria Santos/ }).click();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Permission of Maria Santos' }).inputValue())
      .toBe('View');
    await dialog.getByRole('button', { name: 'Save sharing' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Maria, with the tracker open, is told at once, and opens the view from the notice.
    const notice = maria.getByRole('status').filter({ hasText: 'View shared with you' });
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    expect(await notice.innerText()).toMatch(new RegExp(`shared “${VIEW_NAME}” with you\\.`));
    await notice.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => heading(maria).innerText()).toBe(VIEW_NAME);
    expect(new URL(maria.url()).searchParams.get('view')).toBe(
      new URL(viewUrl, maria.url()).searchParams.get('view'),
    );
    await expect.poll(() => countOf(maria)).toBeLessThan(229);
    const seen = await countOf(maria);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(filteredCount);
    // Only Ridgeline's permits, so only the ones with six poles or more pass the filter.
    const applicants = await columnValues(maria, 'Applicant');
    expect(applicants.length).toBeGreaterThan(0);
    expect(applicants.filter((name) => !name.includes('Ridgeline'))).toEqual([]);
    expect((await columnValues(maria, 'Poles')).filter((value) => !(Number(value) >= 6))).toEqual([]);
    // She may read the view, not change or share it.
    const menu2 = await openViews(maria);
    expect(await menu2.getByRole('menuitem', { name: 'Share…' }).count()).toBe(0);
    expect(await menu2.getByRole('menuitem', { name: 'Save view' }).count()).toBe(0);
    await maria.keyboard.press('Escape');
    await screenshot(maria, 'views-shared-attacher');
  });

  it('keeps the view as a favourite in a folder and a sub-folder made in the side panel', async () => {
    let menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Favourite', exact: true }).click();
    await expect.poll(() => dana.getByText('Added to favourites').count()).toBeGreaterThan(0);

    menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Organise favourites…' }).click();
    const panel = dana.getByRole('dialog', { name: 'Favourites' });
    await expect.poll(() => panel.getByRole('listitem', { name: VIEW_NAME }).count()).toBe(1);

    const nameFolder = async (name: string) => {
      const dialog = dana.getByRole('dialog', { name: /New folder|Rename/ });
      await dialog.getByLabel(/^Folder name/).fill(name);
      await dialog.getByRole('button', { name: /Create folder|Rename folder/ }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await panel.getByRole('button', { name: 'New folder' }).click();
    await nameFolder('Make ready');
    await panel.getByRole('button', { name: 'New folder' }).click();
    await nameFolder('Scratch');
    await panel.getByRole('button', { name: 'Options of folder Make ready' }).click();
    await dana.getByRole('menuitem', { name: 'New sub-folder…' }).click();
    await nameFolder('Northside');
    await panel.getByRole('button', { name: 'Options of folder Northside' }).click();
    await dana.getByRole('menuitem', { name: 'Rename…' }).click();
    await nameFolder('North district');

    await panel.getByRole('button', { name: `Options of ${VIEW_NAME}` }).click();
    await dana.getByRole('menuitem', { name: 'Make ready / North district' }).click();
    const sub = panel.getByRole('group', { name: 'Folder North district' });
    await expect.poll(() => sub.getByRole('listitem', { name: VIEW_NAME }).count()).toBe(1);

    // The top level now reads Make ready, Scratch; Scratch is dragged (with the keyboard) above it.
    const topFolders = () =>
      panel
        .getByRole('group', { name: /^Folder / })
        .evaluateAll((groups) =>
          groups
            .filter((g) => !g.parentElement?.closest('[role="group"][aria-label^="Folder "]'))
            .map((g) => g.getAttribute('aria-label')),
        );
    expect(await topFolders()).toEqual(['Folder Make ready', 'Folder Scratch']);
    // Closed dialogs and menus hand the focus back a moment later: the grip is focused once that is over.
    const grip = panel.getByRole('button', { name: 'Move folder Scratch' });
    await expect
      .poll(async () => {
        await grip.focus();
        await dana.waitForTimeout(200);
        return grip.evaluate((element) => element === document.activeElement);
      })
      .toBe(true);
    // Each step waits for what a screen reader hears, as a person would.
    await dana.keyboard.press('Space');
    await expect
      .poll(() =>
        dana
          .getByText(/^(Picked up the folder Scratch|The folder Scratch is over the folder Scratch)/)
          .count(),
      )
      .toBe(1);
    // The drag measures its targets once it has started (later on a busy machine) before keys move it.
    await settled(dana);
    await dana.waitForTimeout(300);
    await dana.keyboard.press('ArrowUp');
    await expect
      .poll(
        () => dana.getByText(/The folder Scratch is over the folder Make ready \(position 1 of 2\)/).count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await dana.keyboard.press('Space');
    await expect.poll(topFolders).toEqual(['Folder Scratch', 'Folder Make ready']);

    // The empty folder goes.
    await panel.getByRole('button', { name: 'Options of folder Scratch' }).click();
    await dana.getByRole('menuitem', { name: 'Delete folder' }).click();
    await dana
      .getByRole('dialog', { name: 'Delete folder' })
      .getByRole('button', { name: 'Delete folder' })
      .click();
    await expect.poll(topFolders).toEqual(['Folder Make ready']);
    await settled(dana);
    await screenshot(dana, 'views-favourites-panel');

    await dana.reload();
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    menu = await openViews(dana);
    const folder = menu.getByRole('group', { name: 'Folder North district' });
    await expect.poll(() => folder.getByRole('menuitem', { name: VIEW_NAME }).count()).toBe(1);
    expect(await menu.getByRole('group', { name: 'Folder Make ready' }).count()).toBe(1);
    expect(await menu.getByRole('group', { name: 'Folder Scratch' }).count()).toBe(0);
    await screenshot(dana, 'views-favourites-menu');

    // The views menu moves the open view between folders too.
    await menu.getByRole('menuitem', { name: 'Move to folder' }).hover();
    await dana.getByRole('menuitem', { name: 'Make ready', exact: true }).click();
    await expect.poll(() => dana.getByText('Moved to Make ready').count()).toBeGreaterThan(0);
    menu = await openViews(dana);
    await expect
      .poll(() => menu.getByRole('group', { name: 'Folder North district' }).getByRole('menuitem').count())
      .toBe(0);
    expect(
      await menu
        .getByRole('group', { name: 'Folder Make ready' })
        .getByRole('menuitem', { name: VIEW_NAME })
        .count(),
    ).toBe(1);
    await dana.keyboard.press('Escape');
  });

  it('drags favourites into folders and out again in the side panel, with the mouse and the keyboard', async () => {
    const openPanel = async () => {
      const menu = await openViews(dana);
      await menu.getByRole('menuitem', { name: 'Organise favourites…' }).click();
      const panel = dana.getByRole('dialog', { name: 'Favourites' });
      await expect.poll(() => panel.getByRole('listitem', { name: VIEW_NAME }).count()).toBe(1);
      // Rows are measured for the drags once the panel has slid in.
      await settled(dana);
      return panel;
    };
    let panel = await openPanel();
    const makeReady = () => panel.getByRole('group', { name: 'Folder Make ready' });
    const inMakeReady = () => makeReady().getByRole('listitem', { name: VIEW_NAME }).count();
    const viewGrip = () => panel.getByRole('button', { name: `Move ${VIEW_NAME}` });
    // Where the pointer drops: the top of a folder's row is the folder's place, the rest of it is into it.
    const middleOf = async (target: Locator) => {
      const box = (await target.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const topOf = async (target: Locator) => {
      const box = (await target.boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + 2 };
    };
    /** Drags a grip with the mouse to a point; `over` runs while it is held there. */
    const drag = async (grip: Locator, to: { x: number; y: number }, over?: () => Promise<void>) => {
      const from = await middleOf(grip);
      await dana.mouse.move(from.x, from.y);
      await dana.mouse.down();
      await dana.mouse.move(from.x, from.y + 8, { steps: 4 });
      await dana.mouse.move(to.x, to.y, { steps: 12 });
      // The target is marked once the drag has measured it (later on a busy machine): nudge the pointer
      // until it is, so that the drop lands where the test means it to.
      await expect
        .poll(
          async () => {
            await dana.mouse.move(to.x + 1, to.y, { steps: 2 });
            await dana.mouse.move(to.x, to.y, { steps: 2 });
            return panel.locator('[data-drop]').count();
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      await over?.();
      await dana.mouse.up();
    };
    const saved = () =>
      dana.waitForResponse(
        (response) => response.url().includes('/views/prefs') && response.request().method() === 'PUT',
      );
    const reopen = async () => {
      await dana.reload();
      await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
      panel = await openPanel();
    };

    // Out of its folder, above Make ready at the top.
    expect(await inMakeReady()).toBe(1);
    let save = saved();
    await drag(viewGrip(), await topOf(panel.getByRole('button', { name: 'Move folder Make ready' })));
    expect((await save).ok()).toBe(true);
    await reopen();
    expect(await inMakeReady()).toBe(0);
    expect(await panel.getByRole('listitem', { name: VIEW_NAME }).count()).toBe(1);

    // A folder never goes into one of its own sub-folders: the row says so, and nothing changes.
    const northDistrict = panel.getByRole('group', { name: 'Folder North district' });
    await drag(
      panel.getByRole('button', { name: 'Move folder Make ready' }),
      await middleOf(northDistrict.getByRole('button', { name: /^North district/ })),
      async () => {
        await expect.poll(() => panel.locator('[data-drop="refused"]').count()).toBe(1);
        await screenshot(dana, 'views-favourites-drag-refused');
      },
    );
    await expect.poll(() => panel.locator('[data-drop]').count()).toBe(0);
    expect(await makeReady().getByRole('group', { name: 'Folder North district' }).count()).toBe(1);

    // Onto the row of Make ready: into it, after what it holds.
    save = saved();
    await drag(viewGrip(), await middleOf(makeReady().getByRole('button', { name: /^Make ready/ })), () =>
      expect.poll(() => panel.locator('[data-drop="allowed"]').count()).toBe(1),
    );
    expect((await save).ok()).toBe(true);
    await reopen();
    await expect.poll(inMakeReady).toBe(1);
    // The level's entries in order: its favourites, and its folders (an item holding the folder's group).
    const entries = await makeReady()
      .locator('[role="listitem"][aria-label], [role="group"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
    expect(entries).toEqual(['Folder North district', VIEW_NAME]);

    // With the keyboard: left out of the folder to its place, then down to it and right into it again.
    const lift = async () => {
      await expect
        .poll(
          async () => {
            await viewGrip().focus();
            await dana.waitForTimeout(200);
            return viewGrip().evaluate((element) => element === document.activeElement);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await dana.keyboard.press('Space');
      await expect
        .poll(
          () =>
            dana
              .getByText(
                new RegExp(
                  `^(Picked up the favourite ${VIEW_NAME}|The favourite ${VIEW_NAME} is over the favourite ${VIEW_NAME})`,
                ),
              )
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      // The drag measures its targets once it has started (later on a busy machine) before keys move it.
      await settled(dana);
      await dana.waitForTimeout(300);
    };
    const hear = (text: string) =>
      expect.poll(() => dana.getByText(text).count(), { timeout: 10_000 }).toBe(1);
    await lift();
    await dana.keyboard.press('ArrowLeft');
    await hear(`The favourite ${VIEW_NAME} is over the folder Make ready, to go into it.`);
    await dana.keyboard.press('ArrowLeft');
    await hear(`The favourite ${VIEW_NAME} is over the folder Make ready (position 1 of 1).`);
    await dana.keyboard.press('Space');
    await expect.poll(inMakeReady, { timeout: 10_000 }).toBe(0);
    await lift();
    await dana.keyboard.press('ArrowDown');
    await hear(`The favourite ${VIEW_NAME} is over the folder Make ready (position 2 of 2).`);
    await dana.keyboard.press('ArrowRight');
    await hear(`The favourite ${VIEW_NAME} is over the folder Make ready, to go into it.`);
    save = saved();
    await dana.keyboard.press('Space');
    await hear(`The favourite ${VIEW_NAME} was moved into the folder Make ready.`);
    expect((await save).ok()).toBe(true);
    await expect.poll(inMakeReady, { timeout: 10_000 }).toBe(1);
    await dana.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('lists the favourite in its folder beneath Permits in the left navigation, and opens it from there', async () => {
    const nav = dana.getByRole('navigation', { name: 'Main navigation' });
    const views = nav.getByRole('group', { name: 'Permit views' });
    const folder = views.getByRole('group', { name: 'Folder Make ready' });
    const entry = folder.getByRole('link', { name: VIEW_NAME });
    const folderButton = folder.getByRole('button', { name: 'Make ready' });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await folder.getByRole('group', { name: 'Folder North district' }).count()).toBe(1);
    // The open view is the highlighted entry.
    expect(await entry.getAttribute('aria-current')).toBe('page');
    // Its nested filter reads as it is built: Poles ≥ 2 and (Applicant contains Valley or Poles ≥ 6).
    const chips = dana.getByRole('list', { name: 'Active filters, all must match' });
    await expect
      .poll(() => chips.getByRole('list', { name: 'Any of 2 filters' }).getByRole('listitem').count())
      .toBe(2);
    expect(await chips.getByRole('button', { name: /^Remove filter/ }).count()).toBe(3);
    await settled(dana);
    await screenshot(dana, 'views-navigation');

    await views.getByRole('link', { name: 'All', exact: true }).click();
    await expect.poll(() => heading(dana).innerText()).toBe('All Permits');
    expect(await countOf(dana)).toBe(300);
    expect(await entry.getAttribute('aria-current')).toBeNull();
    await entry.click();
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    await expect.poll(() => countOf(dana)).toBe(filteredCount);
    await expect.poll(() => dana.getByLabel('3 active').count()).toBe(1);
    await expect.poll(() => entry.getAttribute('aria-current')).toBe('page');

    // A closed folder stays closed after a reload.
    await folderButton.click();
    await expect.poll(() => entry.isVisible()).toBe(false);
    await dana.reload();
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    await expect.poll(() => folderButton.getAttribute('aria-expanded')).toBe('false');
    expect(await entry.isVisible()).toBe(false);
    await folderButton.click();
    await expect.poll(() => entry.isVisible()).toBe(true);

    // Collapsed to icons, only the Permits icon stays.
    await dana.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect.poll(() => views.count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Permits' }).count()).toBe(1);
    await dana.getByRole('button', { name: 'Expand navigation' }).click();
    await expect.poll(() => entry.isVisible()).toBe(true);
    // The page slides back beside the widening navigation: a click during the slide lands beside its chip.
    await settled(dana);

    // A row of the bracketed group goes; the one left of it reads as a plain chip.
    await chips.getByRole('button', { name: /^Remove filter Applicant contains Valley/ }).click();
    await expect.poll(() => dana.getByLabel('2 active').count()).toBe(1);
    expect(await chips.getByRole('list', { name: 'Any of 2 filters' }).count()).toBe(0);
    expect(await chips.getByRole('button', { name: /^Remove filter/ }).count()).toBe(2);
    // The view's entry in the navigation puts its saved filter back.
    await entry.click();
    await expect.poll(() => dana.getByLabel('3 active').count()).toBe(1);
    await expect.poll(() => countOf(dana)).toBe(filteredCount);
  });

  it('exports the view as CSV: its rows, and its visible columns in order as the header', async () => {
    const titles = await columnTitles(dana);
    expect(titles.length).toBeGreaterThan(3);
    await dana.getByRole('button', { name: 'Export' }).click();
    const download = dana.waitForEvent('download');
    await dana.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
    // Saved under the view's name.
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^${VIEW_NAME} \\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const file = await (await download).path();
    const rows = parseCsv(await readFile(file, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
    expect(rows[0]).toEqual(titles);
    expect(rows).toHaveLength(filteredCount + 1);
    const poles = rows.slice(1).map((row) => Number(row[titles.indexOf('Poles')]));
    expect(poles.every((value) => value >= 2)).toBe(true);
    expect([...poles].sort((a, b) => b - a)).toEqual(poles);
  });

  it("says 'View Unavailable' for a view that was deleted or is no longer shared", async () => {
    // A second view, deleted from the views menu.
    const goneUrl = await saveAsNewView(dana, 'Short lived');
    let menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Favourite', exact: true }).click();
    await expect.poll(() => dana.getByText('Added to favourites').count()).toBeGreaterThan(0);
    // The same view open in a second tab: saved again in the first, the second follows it.
    const other = await dana.context().newPage();
    await other.goto(goneUrl);
    await expect.poll(() => heading(other).innerText()).toBe('Short lived');
    const sortOf = (page: Page) => new URL(page.url()).searchParams.get('sort');
    const sortBefore = sortOf(other);
    await dana.getByRole('button', { name: 'Sort by Permit Number' }).click();
    await expect.poll(() => dana.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(1);
    await (await openViews(dana)).getByRole('menuitem', { name: 'Save view' }).click();
    await expect.poll(() => dana.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);
    expect(sortOf(dana)).not.toBe(sortBefore);
    await expect.poll(() => sortOf(other), { timeout: 15_000 }).toBe(sortOf(dana));
    expect(await other.getByRole('img', { name: 'Unsaved changes' }).count()).toBe(0);

    // Deleted in the first tab, the second says at once that it is unavailable, not that something failed,
    // and its favourite leaves the navigation.
    const otherFavourite = other
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Short lived' });
    await expect.poll(() => otherFavourite.count()).toBe(1);
    await deleteOpenView(dana);
    await expect
      .poll(() => other.getByRole('heading', { name: 'View Unavailable' }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => other.getByText(UNAVAILABLE_TEXT).count()).toBeGreaterThan(0);
    expect(await table(other).count()).toBe(0);
    expect(await other.getByText('Encountered Error').count()).toBe(0);
    await expect.poll(() => otherFavourite.count()).toBe(0);
    await other.close();

    await dana.goto(goneUrl);
    await expect.poll(() => dana.getByText(UNAVAILABLE_TEXT).count()).toBeGreaterThan(0);
    expect(await dana.getByRole('heading', { name: 'View Unavailable' }).count()).toBeGreaterThan(0);
    await screenshot(dana, 'views-unavailable');
    await dana.getByRole('link', { name: 'Go to All Permits' }).click();
    await expect.poll(() => heading(dana).innerText()).toBe('All Permits');

    // The shared view, no longer shared with Maria while she has it open: her page says so at once.
    await maria.goto(viewUrl);
    await expect.poll(() => heading(maria).innerText()).toBe(VIEW_NAME);
    await dana.goto(viewUrl);
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
    menu = await openViews(dana);
    await menu.getByRole('menuitem', { name: 'Share…' }).click();
    const share = dana.getByRole('dialog', { name: `Share ${VIEW_NAME}` });
    await share.getByRole('button', { name: 'Stop sharing with Maria Santos' }).click();
    await share.getByRole('button', { name: 'Save sharing' }).click();
    await share.waitFor({ state: 'detached' });

    await expect
      .poll(() => maria.getByRole('heading', { name: 'View Unavailable' }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await table(maria).count()).toBe(0);
    // Opened again, it stays unavailable.
    await maria.goto('/permitting/all');
    await countOf(maria);
    await maria.goto(viewUrl);
    await expect.poll(() => maria.getByText(UNAVAILABLE_TEXT).count()).toBeGreaterThan(0);
    expect(await maria.getByRole('heading', { name: 'View Unavailable' }).count()).toBeGreaterThan(0);
    expect(await table(maria).count()).toBe(0);
    await maria.context().close();
  });

  it('asks before leaving the page with a view name or a folder name typed and not saved', async () => {
    // My Work, then All Permits by the navigation: going back is a move within the app, which the app holds.
    await dana.goto('/permitting/my-work');
    await dana
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('group', { name: 'Permit views' })
      .getByRole('link', { name: 'All', exact: true })
      .click();
    await dana.waitForURL(/\/permitting\/all/);
    await countOf(dana);
    const warning = dana.getByRole('dialog', { name: 'Warning' });
    /** Goes back to My Work while a dialog holds typed text: the warning comes, and Continue Editing stays. */
    const backIsHeld = async (typed: Locator) => {
      await dana.evaluate(() => history.back());
      await warning.waitFor();
      expect(await warning.innerText()).toContain('Are you sure you want to leave without saving?');
      await warning.getByRole('button', { name: 'Continue Editing' }).click();
      await warning.waitFor({ state: 'detached' });
      expect(new URL(dana.url()).pathname).toBe('/permitting/all');
      await typed.waitFor();
    };

    await (await openViews(dana)).getByRole('menuitem', { name: 'Save as new view…' }).click();
    const saveAs = dana.getByRole('dialog', { name: 'Save as new view' });
    await saveAs.getByLabel(/^Name/).fill('Half typed');
    await backIsHeld(saveAs.getByLabel(/^Name/));
    expect(await saveAs.getByLabel(/^Name/).inputValue()).toBe('Half typed');
    await saveAs.getByRole('button', { name: 'Cancel' }).click();
    await saveAs.waitFor({ state: 'detached' });

    await (await openViews(dana)).getByRole('menuitem', { name: 'Organise favourites…' }).click();
    const panel = dana.getByRole('dialog', { name: 'Favourites' });
    await panel.getByRole('button', { name: 'New folder' }).click();
    const folder = dana.getByRole('dialog', { name: 'New folder' });
    await folder.getByLabel(/^Folder name/).fill('Storm crews');
    await backIsHeld(folder.getByLabel(/^Folder name/));
    await folder.getByRole('button', { name: 'Cancel' }).click();
    await folder.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // Nothing typed is left: going back leaves at once.
    await dana.evaluate(() => history.back());
    await dana.waitForURL(/\/permitting\/my-work/);
    expect(await warning.count()).toBe(0);
    await dana.goto(viewUrl);
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
  });

  it("says 'View Unavailable' on the next call of a page that heard nothing of the view's deletion", async () => {
    const unheardUrl = await saveAsNewView(dana, 'Unheard');

    // A second tab whose live updates never connect: neither the WebSocket nor long polling reaches the hub.
    const offline = await dana.context().newPage();
    await offline.routeWebSocket(/\/hub\//, () => undefined);
    await offline.route(/\/hub\//, (route) => route.abort());
    await offline.goto(unheardUrl);
    await expect.poll(() => heading(offline).innerText()).toBe('Unheard');
    await expect.poll(() => offline.getByText(/^(Reconnecting|Offline)$/).count()).toBeGreaterThan(0);

    await deleteOpenView(dana);

    // The offline tab still shows the view; favouriting it is refused (404), which it says as unavailable.
    expect(await heading(offline).innerText()).toBe('Unheard');
    await (await openViews(offline)).getByRole('menuitem', { name: 'Favourite', exact: true }).click();
    await expect
      .poll(() => offline.getByRole('heading', { name: 'View Unavailable' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => offline.getByText(UNAVAILABLE_TEXT).count()).toBeGreaterThan(0);
    expect(await offline.getByText('Encountered Error').count()).toBe(0);
    await offline.close();
    await dana.goto(viewUrl);
    await expect.poll(() => heading(dana).innerText()).toBe(VIEW_NAME);
  });

  it('reads well in dark mode: the navigation, the filter builder, the summary row and the favourites panel', async () => {
    await switchToDarkScheme(dana);
    // The toasts of the sharing before would cover the toolbar.
    for (const close of await dana.locator('.mantine-Notification-closeButton').all())
      await close.click({ timeout: 2_000 }).catch(() => undefined);

    // The open view highlighted beneath Permits, a folder open and a sub-folder closed; the chips and the sum.
    const nav = dana.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('group', { name: 'Folder North district' }).getByRole('button').click();
    const sum = dana.getByRole('button', { name: 'Summary of Poles' });
    await expect.poll(() => sum.innerText()).toMatch(/Sum\s+\d/);
    await sum.scrollIntoViewIfNeeded();
    await heading(dana).hover();
    await settled(dana);
    await screenshot(dana, 'views-navigation-dark');
    await nav.getByRole('link', { name: 'All views…' }).click();
    await expect
      .poll(() => dana.getByRole('menu').getByRole('menuitem', { name: VIEW_NAME }).count())
      .toBe(1);
    // The view's description is in the list beneath its name.
    await expect
      .poll(() => dana.getByRole('menu').getByText('Active permits with the most poles first').count())
      .toBe(1);
    await settled(dana);
    await screenshot(dana, 'views-all-views-dark');
    await dana.keyboard.press('Escape');

    await dana.getByRole('button', { name: /^Filter/ }).click();
    await expect.poll(() => dana.getByRole('group', { name: 'Filter group 1' }).count()).toBe(1);
    await settled(dana);
    await screenshot(dana, 'views-nested-filter-dark');
    await dana.getByRole('button', { name: 'Cancel', exact: true }).click();

    const menu = await openViews(dana);
    await settled(dana);
    await screenshot(dana, 'views-favourites-menu-dark');
    await menu.getByRole('menuitem', { name: 'Organise favourites…' }).click();
    const panel = dana.getByRole('dialog', { name: 'Favourites' });
    await expect.poll(() => panel.getByRole('listitem', { name: VIEW_NAME }).count()).toBe(1);
    await settled(dana);
    await screenshot(dana, 'views-favourites-panel-dark');
    await dana.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // A notice over the table: hiding the sorted column says what went with it.
    await dana.getByRole('button', { name: 'Columns' }).click();
    const picker = dana.getByRole('dialog', { name: 'Columns' });
    await picker.getByRole('button', { name: 'Hide Poles' }).click();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => dana.getByText(/^Removed .* on hidden columns$/).count()).toBe(1);
    await settled(dana);
    await screenshot(dana, 'tracker-removed-notice-dark');
  });
});
