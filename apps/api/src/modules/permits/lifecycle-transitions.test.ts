import type { PermitStatus } from '@crossarm/shared';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lifecycleSuite, permitIn, permitRow } from './lifecycle-test-kit.ts';

// Every lifecycle action from every status, by the side that owns the action: either it moves the permit
// where it should, or it is refused with 409 (403 where the request belongs to the other side) and nothing
// changes.

const suite = lifecycleSuite('TBL');

const STATUSES: PermitStatus[] = ['Active', 'OnHold', 'CancelRequested', 'Cancelled', 'Completed'];

type Outcome = PermitStatus | 'deleted' | 403 | 409;
type Actor = 'owner' | 'applicant';

interface Row {
  action: string;
  actor: Actor;
  restricted?: boolean;
  request: (permit: { id: string; cancelId: string }) => InjectOptions;
  outcomes: Record<PermitStatus, Outcome>;
}

const base = '/api/joint-use/permit';
const post = (url: string, payload?: object): InjectOptions => ({ method: 'POST', url, payload });
const reason = { reason: 'Because' };
/** The same outcome from every status. */
const everywhere = (outcome: (status: PermitStatus) => Outcome) =>
  Object.fromEntries(STATUSES.map((status) => [status, outcome(status)])) as Record<PermitStatus, Outcome>;

const table: Row[] = [
  {
    action: 'complete',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/complete`),
    outcomes: { Active: 'Completed', OnHold: 409, CancelRequested: 409, Cancelled: 409, Completed: 409 },
  },
  {
    action: 'uncomplete',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/uncomplete`),
    outcomes: { Active: 409, OnHold: 409, CancelRequested: 409, Cancelled: 409, Completed: 'Active' },
  },
  {
    action: 'request cancel',
    actor: 'applicant',
    request: (p) => post(`${base}/${p.id}/cancel`, reason),
    outcomes: {
      Active: 'CancelRequested',
      OnHold: 'CancelRequested',
      CancelRequested: 409,
      Cancelled: 409,
      Completed: 409,
    },
  },
  {
    action: 'approve cancel',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/cancel/${p.cancelId}/approve`),
    outcomes: { Active: 409, OnHold: 409, CancelRequested: 'Cancelled', Cancelled: 409, Completed: 409 },
  },
  {
    action: 'reject cancel',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/cancel/${p.cancelId}/reject`, reason),
    outcomes: { Active: 409, OnHold: 409, CancelRequested: 'Active', Cancelled: 409, Completed: 409 },
  },
  {
    action: 'undo cancellation',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/cancel/${p.cancelId}/undo`),
    outcomes: { Active: 409, OnHold: 409, CancelRequested: 403, Cancelled: 'Active', Completed: 409 },
  },
  {
    action: 'withdraw cancel request',
    actor: 'applicant',
    request: (p) => post(`${base}/${p.id}/cancel/${p.cancelId}/undo`),
    outcomes: { Active: 409, OnHold: 409, CancelRequested: 'Active', Cancelled: 403, Completed: 409 },
  },
  {
    action: 'direct cancel',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/direct-cancel`, {}),
    outcomes: {
      Active: 'Cancelled',
      OnHold: 'Cancelled',
      CancelRequested: 'Cancelled',
      Cancelled: 409,
      Completed: 409,
    },
  },
  {
    action: 'put on hold',
    actor: 'owner',
    request: (p) => post(`${base}/on-hold`, { permitIds: [p.id], ...reason }),
    outcomes: { Active: 'OnHold', OnHold: 409, CancelRequested: 409, Cancelled: 409, Completed: 409 },
  },
  {
    action: 'take off hold',
    actor: 'owner',
    request: (p) => post(`${base}/on-hold-remove`, { permitIds: [p.id], ...reason }),
    outcomes: { Active: 409, OnHold: 'Active', CancelRequested: 409, Cancelled: 409, Completed: 409 },
  },
  {
    action: 'restrict',
    actor: 'owner',
    request: (p) => post(`${base}/${p.id}/restriction`, reason),
    outcomes: {
      Active: 'Active',
      OnHold: 'OnHold',
      CancelRequested: 'CancelRequested',
      Cancelled: 409,
      Completed: 409,
    },
  },
  {
    action: 'restrict again',
    actor: 'owner',
    restricted: true,
    request: (p) => post(`${base}/${p.id}/restriction`, reason),
    outcomes: everywhere(() => 409),
  },
  {
    action: 'remove restriction',
    actor: 'owner',
    restricted: true,
    request: (p) => ({ method: 'DELETE', url: `${base}/${p.id}/restriction` }),
    outcomes: everywhere((status) => status),
  },
  {
    action: 'remove a missing restriction',
    actor: 'owner',
    request: (p) => ({ method: 'DELETE', url: `${base}/${p.id}/restriction` }),
    outcomes: everywhere(() => 409),
  },
  {
    action: 'delete',
    actor: 'owner',
    request: (p) => ({ method: 'DELETE', url: `${base}/${p.id}` }),
    outcomes: everywhere(() => 'deleted'),
  },
];

const cases = table.flatMap((row) =>
  STATUSES.map((status) => ({ ...row, status, outcome: row.outcomes[status] })),
);

describe('the lifecycle transition table', () => {
  it.each(cases)('$action by the $actor from $status → $outcome', async (row) => {
    const permit = await permitIn(suite.t, suite.s, suite.stage, row.status, { restricted: row.restricted });
    const before = await permitRow(suite.t, permit.id);
    const actor = row.actor === 'owner' ? suite.s.ownerManager : suite.s.attacherMember;
    const res = await suite.t.injectAs(actor, row.request(permit));
    const after = await permitRow(suite.t, permit.id);
    if (typeof row.outcome === 'number') {
      expect(res.statusCode, res.body).toBe(row.outcome);
      expect(res.json().detail).toMatch(/\w/);
      expect(after).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    if (row.outcome === 'deleted') {
      expect(after).toBeUndefined();
      return;
    }
    expect(after?.status).toBe(row.outcome);
    const data = res.json().data;
    const state = Array.isArray(data) ? data[0] : 'permit' in data ? data.permit : data;
    expect(state).toMatchObject({ id: permit.id, status: row.outcome });
  });
});
