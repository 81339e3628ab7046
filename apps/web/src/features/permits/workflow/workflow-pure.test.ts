import type { PermitTimer, ProjectPermission } from '@crossarm/shared';
import { enumWords } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { valuesFormData } from './api';
import {
  type ActionFacts,
  actionConsequence,
  offeredActions,
  reasonOf,
  taskAbilities,
  workAbilities,
} from './permit-actions';
import { formatDuration, timerView } from './timer-text';

const OWNER_MANAGER: ProjectPermission[] = ['ViewPermits', 'EditPermits', 'ManagePermits'];
const APPLICANT: ProjectPermission[] = ['ViewPermits', 'CreatePermits', 'EditPermits'];

const facts = (overrides: Partial<ActionFacts>): ActionFacts => ({
  status: 'Active',
  restricted: false,
  isPoleOwner: true,
  permissions: OWNER_MANAGER,
  activeStage: { key: 's1' },
  completedStageCount: 0,
  cancelRequest: null,
  ...overrides,
});

const names = (offers: ReturnType<typeof offeredActions>) => offers.map((offer) => offer.action);

describe('offeredActions', () => {
  it("offers the pole owner's managers the actions of an active permit, Complete blocked until stages are done", () => {
    const offers = offeredActions(facts({}));
    expect(names(offers)).toEqual(['complete', 'hold', 'restrict', 'directCancel', 'delete']);
    expect(offers[0]?.blocked).toBe('Every stage must be completed first');
    expect(offeredActions(facts({ activeStage: null }))[0]).toEqual({ action: 'complete', blocked: null });
    expect(offeredActions(facts({ activeStage: null, restricted: true }))[0]?.blocked).toBe(
      'Remove the restriction first',
    );
  });

  it('follows the status for the pole owner', () => {
    expect(names(offeredActions(facts({ status: 'OnHold' })))).toEqual([
      'release',
      'restrict',
      'directCancel',
      'delete',
    ]);
    expect(names(offeredActions(facts({ status: 'Completed' })))).toEqual(['uncomplete', 'delete']);
    expect(names(offeredActions(facts({ status: 'Active', restricted: true })))).toContain(
      'removeRestriction',
    );
    expect(names(offeredActions(facts({ status: 'Cancelled' })))).toEqual(['delete']);
  });

  it('offers decisions on a cancellation only when the request is known', () => {
    const pending = { id: 'c1', status: 'Pending' as const, reason: 'No longer needed' };
    expect(names(offeredActions(facts({ status: 'CancelRequested', cancelRequest: pending })))).toEqual([
      'approveCancel',
      'rejectCancel',
      'restrict',
      'directCancel',
      'delete',
    ]);
    expect(names(offeredActions(facts({ status: 'CancelRequested' })))).not.toContain('approveCancel');
    const approved = { id: 'c1', status: 'Approved' as const, reason: null };
    expect(names(offeredActions(facts({ status: 'Cancelled', cancelRequest: approved })))).toEqual([
      'undoCancel',
      'delete',
    ]);
  });

  it('offers the applicant its side: asking to cancel, withdrawing, deleting an untouched permit', () => {
    const applicant = { isPoleOwner: false, permissions: APPLICANT };
    expect(names(offeredActions(facts(applicant)))).toEqual(['requestCancel', 'delete']);
    expect(names(offeredActions(facts({ ...applicant, completedStageCount: 1 })))).toEqual(['requestCancel']);
    expect(names(offeredActions(facts({ ...applicant, status: 'OnHold' })))).toEqual(['requestCancel']);
    const pending = { id: 'c1', status: 'Pending' as const, reason: 'x' };
    expect(
      names(offeredActions(facts({ ...applicant, status: 'CancelRequested', cancelRequest: pending }))),
    ).toEqual(['withdrawCancel']);
    expect(offeredActions(facts({ ...applicant, status: 'Completed' }))).toEqual([]);
  });

  it('offers nothing to readers, nor lifecycle actions to a pole owner without ManagePermits', () => {
    expect(offeredActions(facts({ permissions: ['ViewPermits'] }))).toEqual([]);
    expect(offeredActions(facts({ permissions: ['ViewPermits', 'EditPermits'] }))).toEqual([]);
  });

  it('asks for reasons where the API requires them', () => {
    expect(reasonOf('requestCancel')).toBe('required');
    expect(reasonOf('hold')).toBe('required');
    expect(reasonOf('release')).toBe('required');
    expect(reasonOf('directCancel')).toBe('optional');
    expect(reasonOf('complete')).toBeNull();
    expect(actionConsequence('delete', 'NEC-1')).toMatch(/Delete permit NEC-1\?.*cannot be undone/);
  });
});

describe('workAbilities and taskAbilities', () => {
  it('lets editors work an active, unrestricted permit', () => {
    const work = workAbilities({ status: 'Active', restricted: false, permissions: APPLICANT });
    expect(work).toEqual({ work: true, assign: true, reason: null });
    expect(taskAbilities('InProgress', work)).toEqual({
      editValues: true,
      complete: true,
      uncomplete: false,
      assign: true,
    });
    expect(taskAbilities('Completed', work)).toMatchObject({ editValues: false, uncomplete: true });
    expect(taskAbilities('NotStarted', work)).toMatchObject({ editValues: false, complete: false });
  });

  it('says why tasks cannot be worked', () => {
    const held = workAbilities({ status: 'OnHold', restricted: false, permissions: APPLICANT });
    expect(held.work).toBe(false);
    expect(held.assign).toBe(true);
    expect(held.reason).toMatch(/on hold/);
    expect(workAbilities({ status: 'Active', restricted: true, permissions: APPLICANT }).reason).toMatch(
      /restricted/,
    );
    const reader = workAbilities({ status: 'Active', restricted: false, permissions: ['ViewPermits'] });
    expect(reader).toMatchObject({ work: false, assign: false });
    expect(workAbilities({ status: 'Completed', restricted: false, permissions: APPLICANT }).assign).toBe(
      false,
    );
  });
});

const timer = (overrides: Partial<PermitTimer>): PermitTimer => ({
  ownerKind: 'Task',
  ownerKey: 't1',
  stageKey: 's1',
  name: 'Review',
  durationDays: 2,
  dayKind: 'Calendar',
  pausesOnHold: true,
  onBreach: { flag: true, notify: [] } as unknown as PermitTimer['onBreach'],
  startedAt: null,
  stoppedAt: null,
  holds: [],
  elapsedTimeMs: 0,
  elapsedOnTimerDays: 0,
  remainingDays: 2,
  dueAt: null,
  breached: false,
  breachedAt: null,
  flagged: false,
  ...overrides,
});

describe('timer text', () => {
  it('formats durations by their two largest units', () => {
    expect(formatDuration(0)).toBe('under a minute');
    expect(formatDuration(42 * 60_000)).toBe('42m');
    expect(formatDuration(5 * 3_600_000 + 12 * 60_000)).toBe('5h 12m');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000)).toBe('3d 4h');
    expect(formatDuration(2 * 86_400_000)).toBe('2d');
  });

  it('ticks time left from the start without asking the server', () => {
    const started = timer({ startedAt: '2026-03-02T09:00:00.000Z' });
    expect(timerView(started, new Date('2026-03-02T10:00:00.000Z'))).toMatchObject({
      tone: 'running',
      text: '1d 23h left',
    });
    expect(timerView(started, new Date('2026-03-04T08:30:00.000Z')).text).toBe('30m left');
    expect(timerView(started, new Date('2026-03-05T09:00:00.000Z'))).toMatchObject({
      tone: 'overdue',
      text: 'Overdue by 1d',
    });
  });

  it('pauses on hold, and reads stopped and idle timers', () => {
    const held = timer({
      startedAt: '2026-03-02T09:00:00.000Z',
      holds: [{ from: '2026-03-03T09:00:00.000Z', to: null }],
    });
    expect(timerView(held, new Date('2026-03-10T09:00:00.000Z'))).toMatchObject({
      tone: 'paused',
      text: 'Paused · 1 day left',
    });
    expect(timerView(timer({}), new Date()).text).toBe('Not started · 2 days');
    expect(
      timerView(
        timer({ startedAt: '2026-03-02T09:00:00.000Z', stoppedAt: '2026-03-03T09:00:00.000Z' }),
        new Date(),
      ).tone,
    ).toBe('done');
    expect(
      timerView(
        timer({ startedAt: '2026-03-02T09:00:00.000Z', stoppedAt: '2026-03-09T09:00:00.000Z' }),
        new Date(),
      ),
    ).toMatchObject({ tone: 'overdue', text: 'Finished late' });
  });

  it('counts business days', () => {
    // Friday 09:00 with one business day: due Monday 09:00.
    const friday = timer({ dayKind: 'Business', durationDays: 1, startedAt: '2026-03-06T09:00:00.000Z' });
    expect(timerView(friday, new Date('2026-03-07T09:00:00.000Z')).text).toBe('2d left');
  });

  it('words statuses', () => {
    expect(enumWords('ReadyToBegin')).toBe('Ready to begin');
    expect(enumWords('InProgress')).toBe('In progress');
  });
});

describe('valuesFormData', () => {
  it('sends the values as a JSON field and each new file as a part named after its property', async () => {
    const plan = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    const form = valuesFormData({
      values: [{ propertyEntryId: 'p1', value: ['f1'] }],
      files: [{ propertyEntryId: 'p1', file: plan }],
    });
    expect(JSON.parse(String(form.get('values')))).toEqual([{ propertyEntryId: 'p1', value: ['f1'] }]);
    const part = form.get('file:p1');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('plan.pdf');
    expect(await (part as File).text()).toBe('%PDF-1.4');
  });
});
