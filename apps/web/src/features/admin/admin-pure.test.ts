import type { AuditRecord } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../lib/api/api-client';
import { ApiError } from '../../lib/api/api-error';
import { fieldErrorsOf } from '../../lib/forms/field-errors';
import { actionLabel, changedFields } from '../audit/audit-diff';
import { organizationAbilities, systemAbilities } from './admin-abilities';
import { adminPageOf, canSeeAdminPage, firstAdminPath, visibleAdminPages } from './admin-access';

const orgAdmin = {
  systemPermissions: [],
  organizationPermissions: [
    'ViewOrganizationInfo',
    'ManageOrganizationInfo',
    'ViewUsers',
    'ManageUsers',
    'ViewApps',
  ],
} as const;
const member = { systemPermissions: [], organizationPermissions: ['ViewOrganizationInfo'] } as const;
const viewer = { systemPermissions: ['ViewUsers'], organizationPermissions: [] } as const;

describe('administration access', () => {
  it('finds the page of a path, detail pages included, preferring the longest match', () => {
    expect(adminPageOf('/admin/system/users/1234')?.path).toBe('/admin/system/users');
    expect(adminPageOf('/admin/system/apps/joint-use')?.path).toBe('/admin/system/apps');
    expect(adminPageOf('/admin/organization')?.path).toBe('/admin/organization');
    expect(adminPageOf('/admin/users/')?.path).toBe('/admin/users');
    expect(adminPageOf('/admin')).toBeNull();
    expect(adminPageOf('/admin/organizations')).toBeNull();
  });

  it('offers an organization administrator only the organization pages', () => {
    expect(visibleAdminPages(orgAdmin).map((page) => page.label)).toEqual([
      'Profile',
      'Users',
      'Applications',
    ]);
    expect(firstAdminPath(orgAdmin)).toBe('/admin/organization');
    expect(visibleAdminPages(member).map((page) => page.path)).toEqual(['/admin/organization']);
  });

  it('lets a read-only system viewer see all users but not organizations', () => {
    const users = adminPageOf('/admin/system/users/1');
    const organizations = adminPageOf('/admin/system/organizations');
    expect(users && canSeeAdminPage(viewer, users)).toBe(true);
    expect(organizations && canSeeAdminPage(viewer, organizations)).toBe(false);
  });

  it('reads the permission tables as the API does', () => {
    expect(systemAbilities(viewer)).toMatchObject({
      viewUsers: true,
      manageUsers: false,
      inviteUsers: false,
    });
    expect(
      systemAbilities({ systemPermissions: ['ManageSecurity'], organizationPermissions: [] }),
    ).toMatchObject({
      resetMfa: true,
      manageDomains: true,
      resetPassword: false,
    });
    expect(organizationAbilities(member)).toMatchObject({
      viewInfo: true,
      manageUsers: false,
      viewUsers: false,
    });
    expect(organizationAbilities(orgAdmin).manageUsers).toBe(true);
  });
});

describe('the history diff', () => {
  const record = (before: AuditRecord['before'], after: AuditRecord['after']) => ({ before, after });

  it('lists only changed fields, with readable labels, names for ids and images as words', () => {
    const changes = changedFields(
      record(
        {
          id: 'x',
          name: 'Old',
          city: null,
          logo_file_id: null,
          organization_id: '11111111-1111-4111-8111-111111111111',
        },
        {
          id: 'x',
          name: 'New',
          city: null,
          logo_file_id: 'f',
          organization_id: '22222222-2222-4222-8222-222222222222',
        },
      ),
      { '22222222-2222-4222-8222-222222222222': 'Ridgeline Fiber' },
    );
    expect(changes).toEqual([
      { field: 'Name', before: 'Old', after: 'New' },
      { field: 'Logo', before: '—', after: 'new image' },
      { field: 'Working organization', before: '#11111111', after: 'Ridgeline Fiber' },
    ]);
  });

  it('shows what a creation set, without a before', () => {
    expect(
      changedFields(record(null, { email: 'a@b.example', organizationPermissions: ['ViewUsers'] })),
    ).toEqual([
      { field: 'E-mail', before: null, after: 'a@b.example' },
      { field: 'Organization permissions', before: null, after: 'ViewUsers' },
    ]);
  });

  it('names actions', () => {
    expect(actionLabel('user.profile-updated')).toBe('Profile updated');
    expect(actionLabel('organization.created')).toBe('Organization created');
    expect(actionLabel('user.invited')).toBe('Invited');
  });
});

describe('downloads and form errors', () => {
  it("reads the server's file name from Content-Disposition", () => {
    expect(fileNameFromDisposition('attachment; filename="users-2026-11-21.xlsx"')).toBe(
      'users-2026-11-21.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'caf%C3%A9.csv; filename="cafe.csv"')).toBe(
      'café.csv',
    );
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('puts field problems under their fields, and a 409 under the field the form names', () => {
    const invalid = new ApiError({
      status: 400,
      title: 'Bad Request',
      detail: '',
      errors: [{ field: 'body.contactEmail', message: 'Invalid email address' }],
    });
    expect(fieldErrorsOf(invalid)).toEqual({ contactEmail: 'Invalid email address' });
    const taken = new ApiError({
      status: 409,
      title: 'Conflict',
      detail: 'An organization named "A" already exists.',
    });
    expect(fieldErrorsOf(taken, 'name')).toEqual({ name: 'An organization named "A" already exists.' });
    expect(fieldErrorsOf(taken)).toEqual({});
  });
});
