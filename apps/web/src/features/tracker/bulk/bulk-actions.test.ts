import {
  BulkAssignInfoInput,
  BulkAssignInput,
  type BulkAssignResult,
  BulkDeleteInput,
  BulkFilter,
  BulkRestrictionsInput,
  LIFECYCLE_REASON_MAX,
  MAX_BULK_HOLD_PERMITS,
  type OverviewColumnGroup,
  PermitHoldInput,
} from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import {
  assignableTasks,
  assignPreviewSummary,
  assignSuccessText,
  BULK_ACTIONS,
  bulkActionRequest,
  bulkActionSpec,
  bulkAssignBody,
  bulkAssignInfoBody,
  confirmationText,
  countToType,
  failureText,
  progressText,
  reasonProblem,
  selectionProblem,
  successText,
  typedCountProblem,
} from './bulk-actions';
import { idsSelection, type TrackerSelection } from './selection';

const a = '0b8f5f5e-8f2a-4c43-9a51-5d1f5c2a0001';
const b = '0b8f5f5e-8f2a-4c43-9a51-5d1f5c2a0002';
const task = '7d3c1f0a-2b4e-4f6a-8c9d-0e1f2a3b4c5d';
const user = '9e8d7c6b-5a49-4382-9171-605f4e3d2c1b';

describe('confirmation texts', () => {
  it('names the count in the question', () => {
    expect(confirmationText('hold', 12)).toBe('Put 12 permits on hold?');
    expect(confirmationText('release', 1)).toBe('Remove 1 permit from hold?');
    expect(confirmationText('restrict', 3)).toBe('Restrict 3 permits?');
    expect(confirmationText('unrestrict', 2)).toBe('Remove the restriction of 2 permits?');
    expect(confirmationText('delete', 1500)).toBe('Delete 1,500 permits?');
  });

  it('reports progress and success with the count', () => {
    expect(progressText('hold', 12)).toBe('Putting 12 permits on hold…');
    expect(successText('hold', 12)).toBe('12 permits put on hold');
    expect(successText('delete', 1)).toBe('1 permit deleted');
    expect(successText('unrestrict', 4)).toBe('Restriction removed from 4 permits');
  });
});

describe('reasons and selection size', () => {
  it('asks for a reason where the API requires one', () => {
    expect(reasonProblem('required', '   ')).toMatch(/reason/);
    expect(reasonProblem('required', 'Crew unavailable')).toBeNull();
    expect(reasonProblem('optional', '')).toBeNull();
    expect(reasonProblem('optional', 'x'.repeat(LIFECYCLE_REASON_MAX + 1))).toBe(
      `At most ${LIFECYCLE_REASON_MAX} characters`,
    );
  });

  it('matches the API on which actions need a reason', () => {
    expect(BULK_ACTIONS.map((action) => [action.kind, action.reason])).toEqual([
      ['hold', 'required'],
      ['release', 'required'],
      ['restrict', 'required'],
      ['unrestrict', 'optional'],
      ['delete', 'none'],
    ]);
  });

  it('refuses a selection larger than the action takes', () => {
    expect(selectionProblem(bulkActionSpec('hold'), MAX_BULK_HOLD_PERMITS)).toBeNull();
    expect(selectionProblem(bulkActionSpec('hold'), MAX_BULK_HOLD_PERMITS + 1)).toContain(
      `at most ${MAX_BULK_HOLD_PERMITS.toLocaleString('en-US')} permits`,
    );
    expect(selectionProblem(bulkActionSpec('delete'), 0)).toMatch(/at least one/);
  });
});

describe('request bodies', () => {
  it('holds and releases by ids with the trimmed reason, each id once', () => {
    const hold = bulkActionRequest('hold', idsSelection([a, b, a]), '  Crew unavailable ');
    expect(hold.path).toBe('joint-use/permit/on-hold');
    expect(hold.body).toEqual({ permitIds: [a, b], reason: 'Crew unavailable' });
    expect(PermitHoldInput.safeParse(hold.body).success).toBe(true);
    expect(bulkActionRequest('release', idsSelection([a]), 'Back on').path).toBe(
      'joint-use/permit/on-hold-remove',
    );
  });

  it('restricts with a reason and lifts without one', () => {
    const restrict = bulkActionRequest('restrict', idsSelection([a]), 'Unpaid invoice');
    expect(restrict).toEqual({
      path: 'joint-use/permit/bulk-action/restrictions',
      body: { selection: { permitIds: [a] }, action: 'Restrict', reason: 'Unpaid invoice' },
    });
    expect(BulkRestrictionsInput.safeParse(restrict.body).success).toBe(true);
    const lift = bulkActionRequest('unrestrict', idsSelection([a]), '  ');
    expect(lift.body).toEqual({ selection: { permitIds: [a] }, action: 'Remove' });
    expect(BulkRestrictionsInput.safeParse(lift.body).success).toBe(true);
  });

  it('deletes by selection', () => {
    const remove = bulkActionRequest('delete', idsSelection([a, b]), 'ignored');
    expect(remove).toEqual({
      path: 'joint-use/permits/bulk-assign/delete',
      body: { selection: { permitIds: [a, b] } },
    });
    expect(BulkDeleteInput.safeParse(remove.body).success).toBe(true);
  });

  it('builds assignment and preview bodies the API accepts', () => {
    const body = bulkAssignBody(idsSelection([a, a, b]), task, [user, user]);
    expect(body).toEqual({ selection: { permitIds: [a, b] }, taskLibraryEntryId: task, userIds: [user] });
    expect(BulkAssignInput.safeParse(body).success).toBe(true);
    const info = bulkAssignInfoBody(idsSelection([a]), task, [user], 'Synchronize');
    expect(info.mode).toBe('Synchronize');
    expect(BulkAssignInfoInput.safeParse(info).success).toBe(true);
  });

  const byFilter: TrackerSelection = {
    kind: 'filter',
    filter: {
      filterOptions: {
        condition: 'And',
        rows: [{ id: 'r1', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
        groups: [],
      },
      searchOptions: { text: 'Valley' },
    },
    count: 1234,
  };

  it('holds and releases every permit of a filter, sending the filter instead of ids', () => {
    const hold = bulkActionRequest('hold', byFilter, ' Storm ');
    expect(hold).toEqual({
      path: 'joint-use/permit/on-hold',
      body: {
        filter: byFilter.kind === 'filter' ? { ...byFilter.filter, expectedCount: byFilter.count } : null,
        reason: 'Storm',
      },
    });
    expect('permitIds' in hold.body).toBe(false);
    expect(PermitHoldInput.safeParse(hold.body).success).toBe(true);
    expect(BulkFilter.safeParse((hold.body as { filter: unknown }).filter).success).toBe(true);
    expect(bulkActionRequest('release', byFilter, 'Back').body).toMatchObject({ reason: 'Back' });
  });

  it('restricts, deletes and assigns every permit of a filter with a selection the API accepts', () => {
    // The filter, with the count the person confirmed.
    const filter = byFilter.kind === 'filter' ? { ...byFilter.filter, expectedCount: byFilter.count } : null;
    const restrict = bulkActionRequest('restrict', byFilter, 'Unpaid');
    expect(restrict.body).toMatchObject({ selection: { filter } });
    expect(BulkRestrictionsInput.safeParse(restrict.body).success).toBe(true);
    const remove = bulkActionRequest('delete', byFilter, '');
    expect(remove.body).toEqual({ selection: { filter } });
    expect(BulkDeleteInput.safeParse(remove.body).success).toBe(true);
    const assign = bulkAssignBody(byFilter, task, [user]);
    expect(assign.selection).toEqual({ filter });
    expect(BulkAssignInput.safeParse(assign).success).toBe(true);
  });
});

describe('assignable tasks', () => {
  it('takes one entry per task library entry from the Task group, by name', () => {
    const column = (dataId: string, subjectName: string, name: string) => ({
      dataId,
      subjectKind: 'Task' as const,
      subjectName,
      name,
      type: 'Text' as const,
      operators: [],
      metrics: [],
      sortable: false,
    });
    const groups = [
      {
        subjectKind: 'Permit',
        columns: [{ ...column('permit.Status', 'x', 'Status'), subjectKind: 'Permit' }],
      },
      {
        subjectKind: 'Task',
        columns: [
          column('task.e2.PersonAssigned', 'Survey', 'Person assigned'),
          column('task.e2.Status', 'Survey', 'Status'),
          column('task.e1.Status', 'Engineering review', 'Status'),
        ],
      },
    ] as OverviewColumnGroup[];
    expect(assignableTasks(groups)).toEqual([
      { value: 'e1', label: 'Engineering review' },
      { value: 'e2', label: 'Survey' },
    ]);
  });
});

describe('assignment preview', () => {
  const person = { id: user, name: 'Ana Diaz' };
  const result = (overrides: Partial<BulkAssignResult>): BulkAssignResult => ({
    total: 2,
    changedCount: 1,
    problemCount: 0,
    permits: [
      {
        permitId: a,
        permitNumber: 'P-1',
        problem: null,
        tasks: [{ stageKey: 's', taskKey: 't', taskName: 'Survey', added: [person], removed: [] }],
      },
      { permitId: b, permitNumber: 'P-2', problem: null, tasks: [] },
    ],
    ...overrides,
  });

  it('adds up the changes and allows confirming', () => {
    const summary = assignPreviewSummary(result({}));
    expect(summary).toMatchObject({ additions: 1, removals: 0, problems: [], canConfirm: true });
    expect(summary.headline).toBe('The assignees change on 1 of 2 permits.');
    expect(summary.changes).toEqual(['P-1 · Survey: adds Ana Diaz']);
    expect(assignSuccessText(result({}))).toBe('Assignees changed on 1 permit');
  });

  it('names who is added and who removed on each permit', () => {
    const removed = [
      { id: a, name: 'Bo Li' },
      { id: b, name: 'Cy Park' },
    ];
    const summary = assignPreviewSummary(
      result({
        permits: [
          {
            permitId: a,
            permitNumber: 'P-1',
            problem: null,
            tasks: [{ stageKey: 's', taskKey: 't', taskName: 'Survey', added: [person], removed }],
          },
          {
            permitId: b,
            permitNumber: 'P-2',
            problem: null,
            tasks: [{ stageKey: 's', taskKey: 't', taskName: 'Survey', added: [], removed: [removed[0]!] }],
          },
        ],
      }),
    );
    expect(summary).toMatchObject({ additions: 1, removals: 3 });
    expect(summary.changes).toEqual([
      'P-1 · Survey: adds Ana Diaz; removes Bo Li and Cy Park',
      'P-2 · Survey: removes Bo Li',
    ]);
  });

  it('names the permits that refuse and blocks confirming', () => {
    const refused = result({
      problemCount: 1,
      permits: [{ permitId: b, permitNumber: 'P-2', problem: 'The permit is completed', tasks: [] }],
    });
    const summary = assignPreviewSummary(refused);
    expect(summary.problems).toEqual(['P-2: The permit is completed']);
    expect(summary.canConfirm).toBe(false);
    expect(summary.headline).toMatch(/^1 permit of 2 cannot be assigned/);
  });

  it('says when nothing would change', () => {
    const summary = assignPreviewSummary(result({ changedCount: 0, permits: [] }));
    expect(summary.canConfirm).toBe(false);
    expect(summary.headline).toMatch(/Nothing changes/);
  });
});

describe('failures', () => {
  it('shows the API message of a refusal as it came back', () => {
    const conflict = new ApiError({
      status: 409,
      title: 'Conflict',
      detail: 'P-7 is completed and cannot be held',
    });
    expect(failureText(conflict)).toBe('P-7 is completed and cannot be held');
    const forbidden = new ApiError({ status: 403, title: 'Forbidden', detail: 'You cannot edit P-9' });
    expect(failureText(forbidden)).toBe('You cannot edit P-9');
  });

  it('lists field problems and explains an unreachable server', () => {
    const invalid = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: '',
      errors: [{ field: 'reason', message: 'Required' }],
    });
    expect(failureText(invalid)).toBe('Required');
    expect(failureText(new ApiError({ status: 0, title: 'Network', detail: '' }))).toMatch(
      /could not be reached/,
    );
    expect(failureText(new Error('boom'))).toMatch(/could not be reached/);
    expect(failureText(new ApiError({ status: 500, title: 'Server Error', detail: '' }))).toMatch(
      /Nothing was changed/,
    );
  });
});

describe('typing the count before an action that cannot be undone', () => {
  it('asks for it from 20 permits, only for deletion', () => {
    expect(countToType(bulkActionSpec('delete'), 19)).toBeNull();
    expect(countToType(bulkActionSpec('delete'), 20)).toBe('20');
    expect(countToType(bulkActionSpec('delete'), 1298)).toBe('1298');
    expect(countToType(bulkActionSpec('hold'), 5000)).toBeNull();
  });

  it('takes the count with or without separators, nothing else', () => {
    expect(typedCountProblem('1298', '1298')).toBeNull();
    expect(typedCountProblem('1298', ' 1,298 ')).toBeNull();
    expect(typedCountProblem('1298', '1299')).toBe('Type 1298 to confirm');
    expect(typedCountProblem('1298', '')).toBe('Type 1298 to confirm');
    expect(typedCountProblem('1298', 'all')).toBe('Type 1298 to confirm');
  });
});
