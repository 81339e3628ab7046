import type { Project } from '@crossarm/shared';
import { enumWords } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { canManageContributors, projectAbilities } from './project-abilities';
import { emptyProjectValues, projectBody, projectValues, validateProject } from './project-form';
import { EMPTY_SUMMARY, stageBars, statusBars, toBars } from './project-summary';

const project: Project = {
  id: '5f0c6a2e-0000-4000-8000-000000000001',
  name: 'Fiber Overbuild 2026',
  projectCode: 'NEC-FIBER-26',
  description: null,
  status: 'Active',
  ownerOrganizationId: '5f0c6a2e-0000-4000-8000-000000000002',
  ownerOrganizationName: 'Northfield Electric Cooperative',
  myRole: 'PoleOwner',
  myPermissions: ['ViewPermits', 'CreatePermits', 'ManagePermits'],
  contributors: [],
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  archivedAt: null,
  permitCounts: { total: 0, open: 0 },
};

describe('the project form', () => {
  it('starts from the project, a missing description as blank', () => {
    expect(projectValues(project)).toEqual({
      name: 'Fiber Overbuild 2026',
      projectCode: 'NEC-FIBER-26',
      description: '',
    });
  });

  it('sends trimmed values and leaves a blank description out', () => {
    expect(projectBody({ name: '  Pole Refresh ', projectCode: ' PR-1 ', description: '   ' })).toEqual({
      name: 'Pole Refresh',
      projectCode: 'PR-1',
    });
    expect(projectBody({ name: 'A', projectCode: 'B', description: ' Rebuild \n' })).toEqual({
      name: 'A',
      projectCode: 'B',
      description: 'Rebuild',
    });
  });

  it('checks the fields by the API rules, one message per field', () => {
    expect(validateProject(emptyProjectValues)).toEqual({ name: 'Required', projectCode: 'Required' });
    expect(validateProject({ name: 'x', projectCode: 'NEC FIBER', description: '' })).toEqual({
      projectCode: 'Letters, digits, dot, dash and underscore only',
    });
    expect(
      validateProject({ name: 'x'.repeat(201), projectCode: 'OK', description: 'd'.repeat(2001) }),
    ).toEqual({ name: 'At most 200 characters', description: 'At most 2000 characters' });
    expect(validateProject(projectValues(project))).toEqual({});
  });
});

describe('project abilities', () => {
  const manager = { systemPermissions: ['ManageProjects'] as const };
  const member = { systemPermissions: [] as const };

  it('lets only people with ManageProjects create, edit and archive', () => {
    expect(projectAbilities(manager)).toEqual({ create: true, manage: true });
    expect(projectAbilities(member)).toEqual({ create: false, manage: false });
  });

  it('leaves contributors to the managers of a pole owner', () => {
    expect(canManageContributors(manager, project)).toBe(true);
    expect(canManageContributors(manager, { myRole: 'AttacherOrg' })).toBe(false);
    expect(canManageContributors(member, project)).toBe(false);
  });
});

describe('the project summary', () => {
  it('sizes bars against the largest and leaves out empty ones', () => {
    expect(
      toBars([
        { label: 'a', count: 4 },
        { label: 'b', count: 0 },
        { label: 'c', count: 1 },
      ]),
    ).toEqual([
      { label: 'a', count: 4, percent: 100 },
      { label: 'c', count: 1, percent: 25 },
    ]);
    expect(toBars([])).toEqual([]);
  });

  it('lists permits by status in life-cycle order, unknown statuses last, readable', () => {
    const bars = statusBars({
      ...EMPTY_SUMMARY,
      permitCountsByStatus: { Completed: 2, Zoned: 1, Active: 8, CancelRequested: 1, OnHold: 0 },
    });
    expect(bars.map((bar) => bar.label)).toEqual(['Active', 'Cancel requested', 'Completed', 'Zoned']);
    expect(bars[0]).toEqual({ label: 'Active', count: 8, percent: 100 });
    expect(enumWords('OnHold')).toBe('On hold');
  });

  it('keeps the stages in the order the server gives', () => {
    const bars = stageBars({
      ...EMPTY_SUMMARY,
      activeStageDistribution: [
        { stageName: 'Application', count: 1 },
        { stageName: 'Make Ready', count: 3 },
        { stageName: 'Inspection', count: 0 },
      ],
    });
    expect(bars).toEqual([
      { label: 'Application', count: 1, percent: 33 },
      { label: 'Make Ready', count: 3, percent: 100 },
    ]);
  });

  it('shows nothing but zeros for an empty project', () => {
    expect(statusBars(EMPTY_SUMMARY)).toEqual([]);
    expect(stageBars(EMPTY_SUMMARY)).toEqual([]);
  });
});
