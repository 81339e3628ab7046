import type { Project } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { type Contributor, projectKeys, removeContributor } from './api';

/**
 * Keeps the project's contributors current after a change (the list, the project and the lists' counts),
 * and removes a contributor after the confirmation. `removing` is the organization being removed.
 */
export function useContributorChanges(project: Pick<Project, 'id' | 'name'>) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);

  const applied = useCallback(
    (contributors: Contributor[]) => {
      queryClient.setQueryData(projectKeys.contributors(project.id), contributors);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(project.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
    [queryClient, project.id],
  );

  const remove = useCallback(
    async (contributor: Contributor) => {
      const name = contributor.organizationName;
      const sure = await confirm({
        title: 'Remove organization',
        message: `Remove ${name} from ${project.name}? Its people no longer see the project or its permits.`,
        confirmLabel: 'Remove',
        confirmColor: 'red',
      });
      if (!sure) return;
      setRemoving(contributor.organizationId);
      try {
        applied(
          await removeContributor(
            project.id,
            contributor.organizationId,
            conflictHandler(`${name} was not removed`),
          ),
        );
        notifySuccess('Organization removed', `${name} no longer takes part in ${project.name}.`);
      } catch {
        // The handler has shown what went wrong.
      } finally {
        setRemoving(null);
      }
    },
    [applied, project.id, project.name],
  );

  return { applied, remove, removing };
}
