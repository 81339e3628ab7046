import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, findChromium, openSuite, type Suite, screenshot, signedInPage } from './harness.ts';

const chromiumPath = findChromium();

/** The demo program holds 300 permits; the next application takes the next number. */
const PROJECT = 'Northfield Joint Use Program';
const NEXT_NUMBER = 'NEC-JU-000301';
const LOCATION = 'Maple St from 3rd St to 5th St, Northfield';
const POLES = ['NEC-000101', 'NEC-000102', 'NEC-000103'];
const DESIGN_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * The whole story of one permit in two browsers: Ridgeline Fiber's administrator applies, Northfield
 * Electric's administrator works it through every stage to completion, and the applicant's open page follows
 * along without reloading.
 */
describe.skipIf(!chromiumPath)('a permit from application to completion in a browser', () => {
  let suite: Suite;
  let attacher: Page;
  let owner: Page;
  let permitPath = '';

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    [attacher, owner] = await Promise.all([
      signedInPage(suite, DEMO.fiberAdmin, '/permitting/application'),
      signedInPage(suite, DEMO.ownerAdmin, '/projects'),
    ]);
  });
  afterAll(() => suite?.close());

  /** The card of a task on the permit page. */
  const taskCard = (page: Page, name: string) => page.getByRole('region', { name: `Task ${name}` });

  /** Opens a stage from the rail. */
  async function openStage(name: string) {
    const link = owner
      .getByRole('navigation', { name: 'Stages' })
      .getByRole('link', { name: new RegExp(`^${name}`) });
    await link.click();
    await expect.poll(() => owner.getByRole('heading', { name, level: 2 }).count()).toBe(1);
  }

  async function pickOption(page: Page, select: Locator, option: string) {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('lists what is missing before the attacher applies, then applies with poles and a design file', async () => {
    await pickOption(attacher, attacher.getByRole('combobox', { name: 'Project' }), `${PROJECT} (NEC-JU)`);
    await attacher.getByRole('textbox', { name: 'Location' }).fill(LOCATION);

    await attacher.getByRole('button', { name: 'Check completeness' }).click();
    const missing = attacher.getByRole('status', { name: 'Required fields still empty' });
    await expect.poll(() => missing.count()).toBe(1);
    expect(await missing.getByRole('button').allInnerTexts()).toEqual([
      'Attachment Type',
      'Pole Count',
      'Contact Email',
      'Design Documents',
    ]);

    await pickOption(attacher, attacher.getByRole('combobox', { name: 'Attachment Type' }), 'Fiber');
    await attacher.getByRole('textbox', { name: 'Pole Count' }).fill(String(POLES.length));
    await attacher.getByRole('textbox', { name: 'Contact Email' }).fill('field@ridgeline-fiber.example');
    const chooser = attacher.waitForEvent('filechooser');
    await attacher.getByRole('button', { name: 'Add files to Design Documents' }).click();
    await (await chooser).setFiles({
      name: 'maple-st-design.pdf',
      mimeType: 'application/pdf',
      buffer: DESIGN_PDF,
    });
    await attacher.getByRole('tab', { name: 'Search poles' }).click();
    for (const pole of POLES) {
      await attacher.getByRole('textbox', { name: 'Find a pole' }).fill(pole);
      await attacher.getByRole('checkbox', { name: `Pole ${pole}` }).check();
    }
    await attacher.getByRole('button', { name: 'Check completeness' }).click();
    await expect
      .poll(() => attacher.getByRole('status', { name: 'The application is complete' }).count())
      .toBe(1);
    await screenshot(attacher, 'permit-application');

    await attacher.getByRole('button', { name: 'Submit application' }).click();
    await attacher.waitForURL(/\/permitting\/[0-9a-f-]{36}\/workflow$/);
    permitPath = new URL(attacher.url()).pathname;
    await expect.poll(() => attacher.getByRole('heading', { name: NEXT_NUMBER }).count()).toBe(1);
    await expect.poll(() => attacher.getByText('Completeness Review').count()).toBeGreaterThan(0);
  });

  it('shows the pole owner the new permit with its stages and the first task ready', async () => {
    await owner.goto(permitPath);
    await expect.poll(() => owner.getByRole('heading', { name: NEXT_NUMBER }).count()).toBe(1);
    const stages = owner.getByRole('navigation', { name: 'Stages' });
    expect(await stages.innerText()).toContain('Application Review');
    expect(await stages.innerText()).toContain('Post-Construction Inspection');
    await expect.poll(() => taskCard(owner, 'Completeness Review').count()).toBe(1);
    await screenshot(owner, 'permit-workflow');
  });

  it('offers no completion on a stage that has not started', async () => {
    await openStage('Field Survey');
    const survey = taskCard(owner, 'Pole Survey');
    await expect.poll(() => survey.count()).toBe(1);
    const complete = survey.getByRole('button', { name: 'Complete', exact: true });
    expect((await complete.count()) === 0 || !(await complete.isEnabled())).toBe(true);
  });

  /** Completes a task on the current stage page, after filling what it needs. */
  async function complete(name: string, fill?: (card: Locator) => Promise<void>) {
    const card = taskCard(owner, name);
    await expect.poll(() => card.count()).toBe(1);
    await fill?.(card);
    await card.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Uncomplete' }).count()).toBe(1);
  }

  it('works the permit through every stage, each completion readying the next task', async () => {
    await openStage('Application Review');
    await complete('Completeness Review');

    await openStage('Field Survey');
    const grant = taskCard(owner, 'Grant or Deny');
    await complete('Pole Survey', async (card) => {
      await card.getByLabel('Survey Date').fill('2026-11-20');
      await card.getByRole('radio', { name: 'No' }).check();
    });
    // Grant or Deny waited for the survey; it is ready now.
    await expect
      .poll(() => grant.getByRole('button', { name: 'Complete', exact: true }).isEnabled())
      .toBe(true);
    await complete('Grant or Deny');

    await openStage('Estimate & Payment');
    await complete('Make-Ready Estimate', (card) => card.getByLabel('Fee per Pole').fill('42.50'));
    await complete('Estimate Acceptance');

    await openStage('Make-Ready Construction');
    await complete('Existing Attacher Transfers');

    await openStage('Attachment');
    await complete('Install Attachment', (card) => card.getByLabel('Attachment Height').fill('18.5'));

    await openStage('Post-Construction Inspection');
    await complete('Inspection');
  });

  it('shows the applicant the progress live, without a reload', async () => {
    const stages = attacher.getByRole('navigation', { name: 'Stages' });
    await expect.poll(() => stages.innerText(), { timeout: 15_000 }).toMatch(/6\s*of\s*6|Completed/);
  });

  it('completes the permit from the Actions menu, and the applicant sees it completed', async () => {
    await owner.getByRole('button', { name: 'Actions' }).click();
    await owner.getByRole('menuitem', { name: 'Complete permit' }).click();
    const confirmation = owner.getByRole('dialog', { name: 'Complete permit' });
    await confirmation.getByRole('button', { name: 'Complete permit' }).click();
    await expect.poll(() => confirmation.count()).toBe(0);
    await expect.poll(() => owner.getByText('Completed', { exact: true }).count()).toBeGreaterThan(0);
    await expect
      .poll(() => attacher.getByText('Completed', { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(attacher, 'permit-completed-applicant');
  });

  it('lets both sides talk on the permit: a comment posted by one appears live for the other', async () => {
    const editor = owner.getByRole('textbox', { name: 'Comment' });
    await editor.click();
    await editor.pressSequentially('Inspection passed, thank you.');
    await owner.getByRole('button', { name: 'Post comment' }).click();
    await expect
      .poll(() => attacher.getByText('Inspection passed, thank you.').count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('keeps every change in the activity log', async () => {
    await owner.getByRole('tab', { name: /Activity/ }).click();
    await expect.poll(() => owner.getByText(/completed/i).count()).toBeGreaterThan(3);
    await screenshot(owner, 'permit-activity');
  });
});

describe.skipIf(!chromiumPath)('a link to a permit that does not exist', () => {
  let suite: Suite;
  let page: Page;

  beforeAll(async () => {
    suite = await openSuite(chromiumPath!);
    page = await signedInPage(suite, DEMO.ownerUser, '/permitting/all');
  });
  afterAll(() => suite?.close());

  it('says so at once, without asking again, whether the id is unknown or not an id at all', async () => {
    for (const id of ['views', '00000000-0000-4000-8000-000000000000']) {
      let asked = 0;
      const count = (request: { url: () => string }) => {
        if (request.url().includes(`/permit/${id}/tracker-header`)) asked += 1;
      };
      page.on('request', count);
      await page.goto(`/permitting/${id}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'This permit does not exist' }).count())
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      // Long enough for a retry to have gone out.
      await page.waitForTimeout(1_500);
      page.off('request', count);
      expect(asked).toBe(1);
    }
  });
});
