import type { WorkflowTemplate } from '@crossarm/shared';
import { useCallback, useState } from 'react';
import type { KnownUser } from './designer-context';

/**
 * The people the designer can name: those the template assigns already, and those found in the pickers
 * since, so that a chosen person keeps a name whatever is searched next.
 */
export function useKnownUsers(template: WorkflowTemplate) {
  const [users, setUsers] = useState(
    () => new Map<string, KnownUser>(Object.values(template.users).map((user) => [user.id, user])),
  );
  const rememberUsers = useCallback((found: KnownUser[]) => {
    setUsers((current) => {
      if (found.every((user) => current.has(user.id))) return current;
      const next = new Map(current);
      for (const user of found) next.set(user.id, user);
      return next;
    });
  }, []);
  return { users, rememberUsers };
}
