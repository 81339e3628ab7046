import type { WorkflowTemplateGroup } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { changeGroupStatus, openDraft, workflowKeys } from '../api';
import type { GroupStep } from './group-lifecycle';

/** The designer's address for one version of a project's template. */
export const designerPath = (projectId: string, templateId: string) =>
  `/projects/${encodeURIComponent(projectId)}/workflows/${encodeURIComponent(templateId)}`;

/**
 * A group's lifecycle steps after their confirmation, and opening its draft (made from the latest
 * published version when it has none). `running` is the id of the group being changed.
 */
export function useGroupActions(projectId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [running, setRunning] = useState<string | null>(null);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: workflowKeys.allGroups(projectId) }),
    [queryClient, projectId],
  );

  const takeStep = useCallback(
    async (group: WorkflowTemplateGroup, step: GroupStep) => {
      const sure = await confirm({
        title: step.title,
        message: step.message(group.name),
        confirmLabel: step.label,
      });
      if (!sure) return;
      setRunning(group.id);
      try {
        const changed = await changeGroupStatus(
          group.id,
          step.action,
          conflictHandler(`${group.name} was not changed`),
        );
        notifySuccess(
          `Template ${changed.status.toLowerCase()}`,
          `${changed.name} is now ${changed.status.toLowerCase()}.`,
        );
      } catch {
        // The handler has shown what went wrong.
      } finally {
        setRunning(null);
        void refresh();
      }
    },
    [refresh],
  );

  const newDraft = useCallback(
    async (group: Pick<WorkflowTemplateGroup, 'id'>) => {
      setRunning(group.id);
      try {
        const draft = await openDraft(group.id);
        queryClient.setQueryData(workflowKeys.template(draft.id), draft);
        void refresh();
        void navigate(designerPath(projectId, draft.id));
      } catch {
        // The app's notification has shown what went wrong.
      } finally {
        setRunning(null);
      }
    },
    [queryClient, refresh, navigate, projectId],
  );

  return { takeStep, newDraft, running };
}
