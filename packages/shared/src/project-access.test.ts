import { describe, expect, it } from 'vitest';
import { defaultNotificationPreference, ProjectNotificationPrefsInput } from './notifications.ts';
import { ProjectOrganizationPermissionsInput, ProjectUserPermissionsInput } from './project-access.ts';
import { effectiveProjectPermissions, projectPermissionsFor } from './projects.ts';

describe('effective project permissions', () => {
  it('is the organization set when the user has no set of their own', () => {
    expect(effectiveProjectPermissions(['ViewPermits', 'CreatePermits'], null)).toEqual([
      'ViewPermits',
      'CreatePermits',
    ]);
  });

  it('is the user set within the organization set, never more', () => {
    expect(
      effectiveProjectPermissions(['ViewPermits', 'CommentOnPermits'], ['CommentOnPermits', 'ManagePermits']),
    ).toEqual(['CommentOnPermits']);
    expect(effectiveProjectPermissions([], ['ViewPermits'])).toEqual([]);
  });

  it('lets a user hold nothing while the organization holds everything', () => {
    expect(effectiveProjectPermissions(projectPermissionsFor('PoleOwner'), [])).toEqual([]);
  });

  it('comes back in one order without duplicates', () => {
    expect(
      effectiveProjectPermissions(
        ['ExportPermits', 'ViewPermits', 'ViewPermits'],
        ['ViewPermits', 'ExportPermits', 'ExportPermits'],
      ),
    ).toEqual(['ViewPermits', 'ExportPermits']);
  });
});

describe('permissions by role', () => {
  it('gives the pole owner everything and an attacher all but managing permits', () => {
    expect(projectPermissionsFor('PoleOwner')).toContain('ManagePermits');
    expect(projectPermissionsFor('AttacherOrg')).toEqual([
      'ViewPermits',
      'CreatePermits',
      'EditPermits',
      'CommentOnPermits',
      'ExportPermits',
    ]);
  });
});

describe('permission inputs', () => {
  it('orders and deduplicates a set', () => {
    expect(
      ProjectOrganizationPermissionsInput.parse({
        permissions: ['ExportPermits', 'ViewPermits', 'ViewPermits'],
      }),
    ).toEqual({ permissions: ['ViewPermits', 'ExportPermits'] });
  });

  it('names a user listed twice and an unknown permission', () => {
    const id = '5f0c6a2e-0000-4000-8000-000000000001';
    const paths = (users: unknown) =>
      ProjectUserPermissionsInput.safeParse({ users }).error?.issues.map((issue) => issue.path.join('.'));
    expect(
      paths([
        { userId: id, permissions: null },
        { userId: id, permissions: [] },
      ]),
    ).toEqual(['users.1.userId']);
    expect(paths([{ userId: id, permissions: ['Fly'] }])).toEqual(['users.0.permissions.0']);
  });
});

describe('notification preferences', () => {
  it('sends mentions and assignments to me at once, the rest stays in the app', () => {
    expect(defaultNotificationPreference('MentionedInComment')).toEqual({ inApp: true, email: 'Instant' });
    expect(defaultNotificationPreference('TaskAssignedToMe')).toEqual({ inApp: true, email: 'Instant' });
    expect(defaultNotificationPreference('PermitCreated')).toEqual({ inApp: true, email: 'Off' });
  });

  it('names an unknown event type by its key', () => {
    const result = ProjectNotificationPrefsInput.safeParse({
      muted: false,
      events: {
        PermitCreated: { inApp: false, email: 'Digest' },
        PermitExploded: { inApp: true, email: 'Off' },
      },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['events.PermitExploded']);
    expect(
      ProjectNotificationPrefsInput.parse({
        muted: true,
        events: { CommentAdded: { inApp: false, email: 'Off' } },
      }),
    ).toEqual({ muted: true, events: { CommentAdded: { inApp: false, email: 'Off' } } });
  });
});
