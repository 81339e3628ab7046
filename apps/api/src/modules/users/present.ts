import type { UserDetail, UserSummary } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { imageUrl } from '../files/images.ts';
import { membershipsOf, type ScopedUser, systemPermissionsOf, type UserSummaryRow } from './repo.ts';

export function presentSummary(row: UserSummaryRow | ScopedUser): UserSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    phone: row.phone,
    status: row.status,
    role: row.role,
    organizationId: row.organization_id,
    organizationName: row.organization_name ?? null,
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The full record of a user for an administrator. */
export async function presentDetail(db: Executor, user: ScopedUser): Promise<UserDetail> {
  const [systemPermissions, memberships] = await Promise.all([
    systemPermissionsOf(db, user.id),
    membershipsOf(db, user.id),
  ]);
  return {
    ...presentSummary(user),
    avatarUrl: imageUrl(user.avatar_file_id),
    mfaEnrolled: user.mfa_enrolled_at !== null,
    systemPermissions,
    organizations: memberships.map((membership) => ({
      organizationId: membership.id,
      organizationName: membership.name,
      permissions: membership.permissions as UserDetail['organizations'][number]['permissions'],
      isWorkingOrganization: membership.id === user.organization_id,
    })),
  };
}

/** What the audit log keeps of a user: the fields and grants administrators change, never secrets. */
export async function auditableUser(db: Executor, user: ScopedUser) {
  const { id, email, first_name, last_name, title, phone, status, role, organization_id, avatar_file_id } =
    user;
  const [systemPermissions, memberships] = await Promise.all([
    systemPermissionsOf(db, id),
    membershipsOf(db, id),
  ]);
  const organizations = memberships.map((m) => ({ id: m.id, permissions: m.permissions }));
  return {
    id,
    email,
    first_name,
    last_name,
    title,
    phone,
    status,
    role,
    organization_id,
    avatar_file_id,
    systemPermissions,
    organizations,
  };
}
