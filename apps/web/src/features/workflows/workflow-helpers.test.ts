import {
  type WorkflowTemplateGroup,
  WorkflowTemplateGroupInput,
  type WorkflowTemplateVersion,
} from '@crossarm/shared';
import { describe, expect, it, vi } from 'vitest';
import { assigneeOf, assigneeValue } from './assignees';
import { schemaErrors } from './form-rules';
import { currentOf, draftOf, groupSteps } from './groups/group-lifecycle';
import { newTemplateKey } from './template-key';

const version = (n: number, status: WorkflowTemplateVersion['status']): WorkflowTemplateVersion => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  version: n,
  status,
  stageCount: 1,
  taskCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  publishedAt: status === 'Published' ? '2026-11-02T10:00:00.000Z' : null,
});

const group = (fields: Partial<WorkflowTemplateGroup>): WorkflowTemplateGroup => ({
  id: '00000000-0000-4000-8000-000000000100',
  projectId: '00000000-0000-4000-8000-000000000200',
  name: 'Standard attachment',
  status: 'Inactive',
  currentVersionId: null,
  versions: [version(1, 'Draft')],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('template keys', () => {
  it('are version 4 UUIDs, a new one each time', () => {
    const keys = new Set(Array.from({ length: 20 }, newTemplateKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('are made from random bytes on a page served over plain HTTP, which has no randomUUID', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    try {
      const keys = new Set(Array.from({ length: 20 }, newTemplateKey));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('default assignees in the picker', () => {
  it('round-trips people and roles, and refuses values it did not make', () => {
    const person = { kind: 'User', userId: '00000000-0000-4000-8000-000000000001' } as const;
    const role = { kind: 'OrganizationRole', role: 'AttacherOrg' } as const;
    expect(assigneeOf(assigneeValue(person))).toEqual(person);
    expect(assigneeOf(assigneeValue(role))).toEqual(role);
    expect(assigneeOf('role:Inspector')).toBeNull();
    expect(assigneeOf('anything')).toBeNull();
  });
});

describe('template group lifecycle', () => {
  it('offers activation only once a version is published, and archiving only when inactive', () => {
    const draftOnly = group({});
    expect(groupSteps(draftOnly).map((step) => [step.label, step.blocked])).toEqual([
      ['Activate', 'Publish a version first'],
      ['Archive', null],
    ]);
    const published = group({
      status: 'Active',
      currentVersionId: version(1, 'Published').id,
      versions: [version(2, 'Draft'), version(1, 'Published')],
    });
    expect(groupSteps(published).map((step) => step.action)).toEqual(['deactivate']);
    expect(draftOf(published)?.version).toBe(2);
    expect(currentOf(published)?.version).toBe(1);
  });

  it('brings an archived group back through deactivation, called Restore', () => {
    const steps = groupSteps(group({ status: 'Archived' }));
    expect(steps.map((step) => [step.action, step.label])).toEqual([
      ['deactivate', 'Restore'],
      ['activate', 'Activate'],
    ]);
    expect(steps[0]?.message('Standard attachment')).toContain('comes back as inactive');
  });
});

describe('form rules from the shared schemas', () => {
  it('puts the first message of each field under it', () => {
    expect(schemaErrors(WorkflowTemplateGroupInput, { name: '  ' })).toEqual({ name: 'Required' });
    expect(schemaErrors(WorkflowTemplateGroupInput, { name: 'Standard' })).toEqual({});
  });
});
