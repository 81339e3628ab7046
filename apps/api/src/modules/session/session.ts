import type { OrganizationPermission, SystemPermission, UserSession } from '@crossarm/shared';
import type { UserRow } from '../../db/schema.ts';
import type { SessionGrants } from './repo.ts';

/** The caller of a request: who they are and what they hold. Policies decide from this alone. */
export interface Session {
  user: UserRow;
  organizationId: string | null;
  systemPermissions: ReadonlySet<SystemPermission>;
  organizationPermissions: ReadonlySet<OrganizationPermission>;
  grants: SessionGrants;
}

export function buildSession(user: UserRow, grants: SessionGrants): Session {
  return {
    user,
    organizationId: user.organization_id,
    systemPermissions: new Set(grants.systemPermissions),
    organizationPermissions: new Set(grants.organizationPermissions),
    grants,
  };
}

/** Only an Active user with an organization may use the system. */
export function isUsable(session: Session): boolean {
  return session.user.status === 'Active' && session.organizationId !== null;
}

/** The `admin/me` presentation of a session. */
export function presentSession(session: Session): UserSession {
  const { user, grants } = session;
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      phone: user.phone,
      title: user.title,
      status: user.status,
      role: user.role,
      darkMode: user.dark_mode,
      organizationId: user.organization_id,
    },
    organization: grants.organization,
    systemPermissions: grants.systemPermissions,
    organizationPermissions: grants.organizationPermissions,
    applications: grants.organization?.applications ?? [],
  };
}
