import type { ProjectRestriction } from '@crossarm/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { fetchRestrictions, liftRestriction, setupKeys } from '../setup-api';

/**
 * The project's restrictions by organization (the pole owner sees all, an attacher its own), what to do once
 * they change, and lifting one after the confirmation. `lifting` is the organization being lifted.
 */
export function useRestrictions(project: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const [lifting, setLifting] = useState<string | null>(null);
  const query = useQuery({
    queryKey: setupKeys.restrictions(project.id),
    queryFn: ({ signal }) => fetchRestrictions(project.id, signal),
  });
  const byOrganization = useMemo(
    () => new Map((query.data ?? []).map((restriction) => [restriction.organizationId, restriction])),
    [query.data],
  );

  const applied = useCallback(
    (restrictions: ProjectRestriction[]) => {
      queryClient.setQueryData(setupKeys.restrictions(project.id), restrictions);
      void queryClient.invalidateQueries({ queryKey: setupKeys.check(project.id) });
    },
    [queryClient, project.id],
  );

  const lift = useCallback(
    async (organizationId: string, organizationName: string) => {
      const sure = await confirm({
        title: 'Remove restriction',
        message: `Let ${organizationName} create permits on ${project.name} again?`,
        confirmLabel: 'Remove restriction',
      });
      if (!sure) return;
      setLifting(organizationId);
      try {
        applied(
          await liftRestriction(
            project.id,
            organizationId,
            conflictHandler(`The restriction of ${organizationName} was not removed`),
          ),
        );
        notifySuccess('Restriction removed', `${organizationName} can create permits again.`);
      } catch {
        // The handler has shown what went wrong.
      } finally {
        setLifting(null);
      }
    },
    [applied, project.id, project.name],
  );

  return { query, byOrganization, applied, lift, lifting };
}
