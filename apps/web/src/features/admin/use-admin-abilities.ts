import { useMemo } from 'react';
import { useSession } from '../session/use-session';
import {
  type OrganizationAbilities,
  organizationAbilities,
  type SystemAbilities,
  systemAbilities,
} from './admin-abilities';

/** What the signed-in user may do in system and in organization administration. */
export function useAdminAbilities(): { system: SystemAbilities; organization: OrganizationAbilities } {
  const session = useSession();
  return useMemo(
    () => ({ system: systemAbilities(session), organization: organizationAbilities(session) }),
    [session],
  );
}
