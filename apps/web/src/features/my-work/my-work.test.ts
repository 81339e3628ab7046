import type { MyTaskTimer } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { dueView, isFiltered, mentionPath, myTasksRequest, taskPath, timeAgo } from './my-work';

const NOW = new Date('2026-03-10T12:00:00Z');
const PERMIT = '0b8f2f6e-7c1d-4f9a-9d3e-2a6b5c4d3e21';
const PROJECT = '5f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function timer(patch: Partial<MyTaskTimer>): MyTaskTimer {
  return { dueAt: null, remainingDays: 0, breached: false, flagged: false, paused: false, ...patch };
}

describe('myTasksRequest', () => {
  it('sends no filter and the sort of the list by default', () => {
    expect(
      myTasksRequest({ search: '', sortBy: 'DueDate', sortDir: 'asc', status: null, projectId: null }),
    ).toEqual({
      filter: { projectIds: [], statuses: [], text: '' },
      sort: { column: 'DueDate', direction: 'Ascending' },
    });
  });

  it('turns the project, status, search and direction into the API body', () => {
    expect(
      myTasksRequest({
        search: '  PRM-12 ',
        sortBy: 'Project',
        sortDir: 'desc',
        status: 'InProgress',
        projectId: PROJECT,
      }),
    ).toEqual({
      filter: { projectIds: [PROJECT], statuses: ['InProgress'], text: 'PRM-12' },
      sort: { column: 'Project', direction: 'Descending' },
    });
  });

  it('counts a search, a status or a project as a filter, a sort as none', () => {
    const base = { search: '', sortBy: 'TaskName', sortDir: 'desc', status: null, projectId: null } as const;
    expect(isFiltered(base)).toBe(false);
    expect(isFiltered({ ...base, search: '   ' })).toBe(false);
    expect(isFiltered({ ...base, search: 'pole' })).toBe(true);
    expect(isFiltered({ ...base, status: 'NotStarted' })).toBe(true);
    expect(isFiltered({ ...base, projectId: PROJECT })).toBe(true);
  });
});

describe('paths', () => {
  it('opens a task on its stage by stage and task keys', () => {
    expect(taskPath({ permitId: PERMIT, stageKey: 'review', taskKey: 'engineering check' })).toBe(
      `/permitting/${PERMIT}/workflow/stages/review/tasks/engineering%20check`,
    );
  });

  it('opens a mention at its comment on the permit', () => {
    expect(mentionPath({ permitId: PERMIT, commentId: PROJECT })).toBe(
      `/permitting/${PERMIT}?comment=${PROJECT}`,
    );
  });
});

describe('dueView', () => {
  it('reads a task without a clock as such', () => {
    expect(dueView(null, NOW)).toEqual({ tone: 'none', text: 'No clock' });
  });

  it('reads a running clock as the time left to its due time', () => {
    expect(dueView(timer({ dueAt: '2026-03-12T16:00:00Z', remainingDays: 2.2 }), NOW)).toEqual({
      tone: 'running',
      text: '2d 4h left',
    });
  });

  it('reads a flagged breach as overdue, by how long', () => {
    const view = dueView(timer({ dueAt: '2026-03-09T09:00:00Z', breached: true, flagged: true }), NOW);
    expect(view).toMatchObject({ tone: 'overdue', text: 'Overdue by 1d 3h' });
  });

  it('reads a breach its template does not flag as a lapsed clock, not overdue', () => {
    expect(dueView(timer({ dueAt: '2026-03-09T09:00:00Z', breached: true }), NOW)).toMatchObject({
      tone: 'lapsed',
      text: 'Time is up',
    });
  });

  it('reads a clock paused on hold by the days it has left', () => {
    expect(
      dueView(timer({ dueAt: '2026-03-20T12:00:00Z', remainingDays: 3, paused: true }), NOW),
    ).toMatchObject({ tone: 'paused', text: 'Paused · 3 days left' });
    expect(dueView(timer({ remainingDays: 1, paused: true }), NOW).text).toBe('Paused · 1 day left');
  });

  it('says that an overdue clock on hold is paused, rather than counting its lateness on', () => {
    const paused = { dueAt: '2026-03-09T09:00:00Z', breached: true, paused: true };
    expect(dueView(timer({ ...paused, flagged: true }), NOW)).toEqual({
      tone: 'overdue',
      text: 'Overdue · paused',
    });
    expect(dueView(timer(paused), NOW)).toEqual({ tone: 'lapsed', text: 'Time is up · paused' });
  });

  it('falls back on the days left when a running clock has no due time', () => {
    expect(dueView(timer({ remainingDays: 0.5 }), NOW)).toMatchObject({
      tone: 'running',
      text: '12h left',
    });
  });
});

describe('timeAgo', () => {
  it('reads recent times in the largest whole unit', () => {
    expect(timeAgo('2026-03-10T11:59:30Z', NOW)).toBe('just now');
    expect(timeAgo('2026-03-10T11:55:00Z', NOW)).toBe('5m ago');
    expect(timeAgo('2026-03-10T09:00:00Z', NOW)).toBe('3h ago');
    expect(timeAgo('2026-03-08T12:00:00Z', NOW)).toBe('2d ago');
  });

  it('reads a week or more as the date, and bad input as nothing', () => {
    expect(timeAgo('2026-02-01T12:00:00Z', NOW)).toBe('Feb 01, 2026');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
