import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, findChromium, openSuite, type Suite, screenshot, signedInPage } from './harness.ts';

const chromiumPath = findChromium();

/** The demo pole owner's program, with its federal-process template already active. */
const PROJECT = { name: 'Northfield Joint Use Program', template: 'Pole Attachment Application' };
const TEMPLATE = 'Standard attachment';

describe.skipIf(!chromiumPath)('workflow templates in a browser', () => {
  let suite: Suite;
  let page: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    page = await signedInPage(suite, DEMO.ownerAdmin, '/projects');
  });
  afterAll(() => suite?.close());

  const stageCard = (name: string) => page.getByRole('group', { name: new RegExp(`^Stage \\d+: ${name}$`) });
  const taskRow = (name: string) => page.getByRole('group', { name: `Task ${name}`, exact: true });
  const drawer = () => page.getByRole('dialog');

  /** Types into a searchable picker and chooses the option. */
  async function pick(picker: Locator, option: string) {
    await picker.click();
    await picker.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function addTask(stage: string, task: string) {
    await pick(page.getByRole('combobox', { name: `Add a task to ${stage}` }), task);
    await expect.poll(() => taskRow(task).count()).toBe(1);
  }

  it('opens the demo program’s Workflows tab and creates a template group there', async () => {
    await page.getByRole('link', { name: PROJECT.name }).click();
    await page.getByRole('tab', { name: 'Workflows' }).click();
    await page.waitForURL(/tab=workflows/);
    const demo = page.getByRole('region', { name: PROJECT.template });
    await expect.poll(() => demo.count()).toBe(1);
    expect(await demo.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await demo.getByText('New permits use version 1.').count()).toBe(1);

    await page.getByRole('button', { name: 'New template' }).first().click();
    const create = page.getByRole('dialog', { name: 'New workflow template' });
    await create.getByRole('button', { name: 'Create template' }).click();
    await expect.poll(() => create.getByText('Required').count()).toBe(1);
    await create.getByLabel('Name').fill(TEMPLATE);
    await create.getByRole('button', { name: 'Create template' }).click();
    await expect.poll(() => create.count()).toBe(0);

    const card = page.getByRole('region', { name: TEMPLATE });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText('Inactive', { exact: true }).count()).toBe(1);
    const versions = card.getByRole('table', { name: `Versions of ${TEMPLATE}`, exact: true });
    expect(await versions.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Draft', '0']),
    );
    await screenshot(page, 'project-workflows');
  });

  it('opens the draft and builds two stages with tasks from the library', async () => {
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/workflows\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('heading', { name: TEMPLATE, level: 1 }).count()).toBe(1);
    const summary = page.getByRole('alert', { name: /to fix before publishing$/ });
    await expect.poll(() => summary.getByText('Add at least one stage').count()).toBe(1);

    await pick(page.getByRole('combobox', { name: 'Add a stage' }), 'Application Review');
    await expect.poll(() => stageCard('Application Review').count()).toBe(1);
    await addTask('Application Review', 'Completeness Review');
    await pick(page.getByRole('combobox', { name: 'Add a stage' }), 'Field Survey');
    await addTask('Field Survey', 'Pole Survey');
    await addTask('Field Survey', 'Grant or Deny');
    await expect.poll(() => summary.count()).toBe(0);
  });

  it('reorders stages by dragging with the keyboard, and back with the menu', async () => {
    const order = () =>
      page
        .getByRole('group', { name: /^Stage \d+: / })
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    const handle = page.getByRole('button', { name: 'Drag to reorder the stage Application Review' });
    await handle.focus();
    // Each key waits for the list to take the previous one: lifted, then moved over the next stage.
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // The list announces where the lifted stage is; a busy machine may still be measuring the cards when
    // the first arrow arrives, so the arrow is pressed again until the stage is over the next one.
    const overNext = page.getByText(
      'The stage Application Review is over the stage Field Survey (position 2 of 2).',
    );
    for (let tries = 0; tries < 5 && (await overNext.count()) === 0; tries += 1) {
      await page.keyboard.press('ArrowDown');
      await overNext.waitFor({ state: 'attached', timeout: 2_000 }).catch(() => undefined);
    }
    expect(await overNext.count()).toBe(1);
    await page.keyboard.press('Space');
    await expect.poll(order).toEqual(['Stage 1: Field Survey', 'Stage 2: Application Review']);
    await stageCard('Application Review')
      .getByRole('button', { name: 'Actions for the stage Application Review' })
      .click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await expect.poll(order).toEqual(['Stage 1: Application Review', 'Stage 2: Field Survey']);
  });

  it('sets a dependency and a required property in the task panel', async () => {
    await taskRow('Grant or Deny').getByRole('button', { name: 'Details of Grant or Deny' }).click();
    const panel = drawer();
    await expect.poll(() => panel.getByText('Field Survey › Grant or Deny').count()).toBe(1);
    await panel.getByRole('combobox', { name: 'Waits on' }).click();
    await page.getByRole('option', { name: 'Pole Survey', exact: true }).click();
    await pick(panel.getByRole('combobox', { name: 'Add a property' }), 'Pole Count');
    const property = panel.getByRole('group', { name: 'Property Pole Count' });
    await expect.poll(() => property.count()).toBe(1);
    await property.getByRole('checkbox', { name: 'Required' }).check();
    const assignees = panel.getByRole('combobox', { name: 'Default assignees' });
    await assignees.click();
    await page.getByRole('option', { name: 'Everyone at the pole owner' }).click();
    await assignees.fill('Dana');
    await page.getByRole('option', { name: /^Dana Owens/ }).click();
    await assignees.press('Escape');
    await panel.getByRole('button', { name: 'Close panel' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await taskRow('Grant or Deny').getByText('After Pole Survey').count()).toBe(1);
    expect(await taskRow('Grant or Deny').getByText('1 property').count()).toBe(1);
    expect(await taskRow('Grant or Deny').getByText('2 assignees').count()).toBe(1);
  });

  it('puts a federal timer preset on a task', async () => {
    await taskRow('Pole Survey').getByRole('button', { name: 'Details of Pole Survey' }).click();
    const panel = drawer();
    await panel.getByRole('switch', { name: 'This task has a timer' }).click();
    await pick(panel.getByRole('combobox', { name: 'Preset' }), 'Federal: survey and response');
    const days = panel.getByLabel('Duration in days');
    await expect.poll(() => days.inputValue()).toBe('45');
    await screenshot(page, 'workflow-designer-task-panel');

    // The organization's own rule, saved for later timers, then applied here.
    await days.fill('30');
    await panel.getByRole('button', { name: 'Save as preset' }).click();
    const save = page.getByRole('dialog', { name: 'Save timer as a preset' });
    await save.getByLabel('Name').fill('Northfield survey');
    await save.getByRole('button', { name: 'Save preset' }).click();
    await expect.poll(() => save.count()).toBe(0);
    await expect
      .poll(() => panel.getByRole('combobox', { name: 'Preset' }).inputValue())
      .toBe('Northfield survey');
    await panel.getByRole('button', { name: 'Close panel' }).click();
    await expect.poll(() => taskRow('Pole Survey').getByText('30 calendar days').count()).toBe(1);
  });

  it('shows a publish problem on the stage it concerns until it is fixed', async () => {
    await pick(page.getByRole('combobox', { name: 'Add a stage' }), 'Attachment');
    const attachment = stageCard('Attachment');
    await expect.poll(() => attachment.getByText("Add at least one task to 'Attachment'").count()).toBe(1);
    await page.getByRole('button', { name: 'Publish' }).click();
    const summary = page.getByRole('alert', { name: 'Not ready to publish: 1 problem to fix' });
    await expect.poll(() => summary.count()).toBe(1);
    expect(await page.getByRole('dialog', { name: /^Publish version/ }).count()).toBe(0);
    await summary.getByRole('button', { name: 'Attachment' }).click();
    await screenshot(page, 'workflow-designer-problem');

    await addTask('Attachment', 'Inspection');
    await expect.poll(() => attachment.getByText("Add at least one task to 'Attachment'").count()).toBe(0);
    await expect.poll(() => page.getByRole('alert', { name: /to fix/ }).count()).toBe(0);
    await screenshot(page, 'workflow-designer');
  });

  it('saves, publishes after the confirmation, and shows the version read-only', async () => {
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => page.getByText('Draft saved').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Publish version 1' });
    await expect
      .poll(() => confirmation.getByText(/Publishing makes this version permanent/).count())
      .toBe(1);
    await confirmation.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => confirmation.count()).toBe(0);

    await expect.poll(() => page.getByRole('button', { name: 'New draft' }).count()).toBe(1);
    expect(await page.getByText('Published', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: 'Add a stage' }).count()).toBe(0);
    expect(await stageCard('Field Survey').getByLabel('Stage name').getAttribute('readonly')).not.toBeNull();
    expect(await taskRow('Pole Survey').getByRole('checkbox', { name: 'Required' }).isDisabled()).toBe(true);
    await screenshot(page, 'workflow-designer-published');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'workflow-designer-published-1024');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Breadcrumb').getByRole('link', { name: 'Workflows' }).click();
    const version = page
      .getByRole('table', { name: `Versions of ${TEMPLATE}`, exact: true })
      .getByRole('row')
      .nth(1);
    await expect
      .poll(() => version.getByRole('cell').allInnerTexts())
      .toEqual(expect.arrayContaining(['Published', '3', '4']));
    const card = page.getByRole('region', { name: TEMPLATE });
    expect(await card.getByRole('button', { name: 'New draft' }).count()).toBe(1);
  });

  it('activates the template once a version is published', async () => {
    const card = page.getByRole('region', { name: TEMPLATE });
    await card.getByRole('button', { name: `Actions for ${TEMPLATE}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Activate template' });
    await confirmation.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => card.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await card.getByText('New permits use version 1.').count()).toBe(1);
    await screenshot(page, 'project-workflows-active');
  });

  it('copies the template into a project as a new inactive draft', async () => {
    await page.getByRole('button', { name: 'Copy from a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy templates from a project' });
    // The project picker has the focus with its list open; Esc closes the list only.
    await dialog.getByRole('combobox', { name: 'Project' }).press('Escape');
    await dialog.getByRole('button', { name: 'Copy template' }).click();
    await expect.poll(() => dialog.getByText('Choose a project').count()).toBe(1);
    await dialog.getByRole('combobox', { name: 'Project' }).fill('Joint Use');
    await page.getByRole('option', { name: `${PROJECT.name} (this project)` }).click();
    await dialog.getByRole('checkbox', { name: new RegExp(TEMPLATE) }).check();
    await screenshot(page, 'project-workflows-copy');
    await dialog.getByRole('button', { name: 'Copy template' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const copy = page.getByRole('region', { name: `${TEMPLATE} (copy)` });
    await expect.poll(() => copy.count()).toBe(1);
    expect(await copy.getByText('Inactive', { exact: true }).count()).toBe(1);
    expect(await copy.getByRole('link', { name: 'Edit draft' }).count()).toBe(1);
  });

  it('reads well in dark mode', async () => {
    const versions = page.getByRole('table', { name: `Versions of ${TEMPLATE}`, exact: true });
    await versions.getByRole('link', { name: 'Version 1' }).click();
    await expect.poll(() => page.getByRole('heading', { name: TEMPLATE, level: 1 }).count()).toBe(1);
    await page.getByRole('button', { name: 'Open profile' }).click();
    await page.getByRole('switch', { name: /dark mode/i }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.keyboard.press('Escape');
    await taskRow('Grant or Deny').getByRole('button', { name: 'Details of Grant or Deny' }).click();
    await expect.poll(() => drawer().getByText('Pole Count').count()).toBe(1);
    // The panel slides in: the picture waits until it stands at the window's right edge.
    const panel = page.locator('.mantine-Drawer-content');
    await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? 0)).toBe(1440 - 480);
    await screenshot(page, 'workflow-designer-dark');
  });
});
