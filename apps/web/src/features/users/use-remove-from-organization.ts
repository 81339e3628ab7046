import type { UserSummary } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { organizationKeys } from '../organizations/api';
import { removeUserFromOrganization, type UserScope, userKeys } from './api';
import { fullName } from './user-names';

/** Asks, then takes a user out of the organization of the scope; lists and counts refresh. */
export function useRemoveFromOrganization(scope: UserScope, organizationName: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: Pick<UserSummary, 'id' | 'firstName' | 'lastName' | 'email'>): Promise<boolean> => {
      const name = fullName(user);
      const sure = await confirm({
        title: 'Remove from organization',
        message: `Remove ${name} from ${organizationName}? They lose their permissions there and, if it is their working organization, can no longer use it.`,
        confirmLabel: 'Remove',
        confirmColor: 'red',
      });
      if (!sure) return false;
      try {
        await removeUserFromOrganization(scope, user.id, conflictHandler(`${name} was not removed`));
      } catch {
        return false;
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      notifySuccess('User removed', `${name} was removed from ${organizationName}.`);
      return true;
    },
    [queryClient, scope, organizationName],
  );
}
