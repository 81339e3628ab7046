import type { Project } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { projectKeys, setProjectArchived } from './api';

/**
 * Archive or unarchive a project after the confirmation; the project and the lists refresh after.
 * `running` is the id of the project being changed.
 */
export function useProjectArchive() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);

  const setArchived = useCallback(
    async (project: Pick<Project, 'id' | 'name'>, archived: boolean): Promise<boolean> => {
      const sure = await confirm({
        title: archived ? 'Archive project' : 'Unarchive project',
        message: archived
          ? `Archive ${project.name}? No new permits can be created on it; its permits stay readable and it can be unarchived later.`
          : `Unarchive ${project.name}? It becomes active again and open to new permits.`,
        confirmLabel: archived ? 'Archive' : 'Unarchive',
      });
      if (!sure) return false;
      const verb = archived ? 'archived' : 'unarchived';
      setRunning(project.id);
      try {
        const saved = await setProjectArchived(
          project.id,
          archived,
          conflictHandler(`${project.name} was not ${verb}`),
        );
        queryClient.setQueryData(projectKeys.detail(saved.id), saved);
        notifySuccess(`Project ${verb}`, `${saved.name} was ${verb}.`);
        return true;
      } catch {
        // The handler has shown what went wrong.
        return false;
      } finally {
        setRunning(null);
        void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      }
    },
    [queryClient],
  );

  return { setArchived, running };
}
