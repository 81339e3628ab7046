import type { WorkflowTemplate } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchProjectGroups, workflowKeys } from '../api';
import { draftOf } from '../groups/group-lifecycle';
import { designerPath, useGroupActions } from '../groups/use-group-actions';

/** A published version's way on for its managers: the group's draft, or a new one made from the latest. */
export function DraftAction({ template }: { template: WorkflowTemplate }) {
  const projectId = template.project.id;
  const groups = useQuery({
    queryKey: workflowKeys.groups(projectId, false),
    queryFn: ({ signal }) => fetchProjectGroups(projectId, false, signal),
  });
  const { newDraft, running } = useGroupActions(projectId);
  const group = groups.data?.find((candidate) => candidate.id === template.group.id);
  const draft = group ? draftOf(group) : undefined;
  if (draft) {
    return (
      <Button
        variant="default"
        leftSection={<IconEdit size={16} />}
        component={Link}
        to={designerPath(projectId, draft.id)}
      >
        Edit draft (version {draft.version})
      </Button>
    );
  }
  return (
    <Button
      leftSection={<IconPlus size={16} />}
      loading={running === template.group.id || groups.isPending}
      onClick={() => void newDraft(template.group)}
    >
      New draft
    </Button>
  );
}
