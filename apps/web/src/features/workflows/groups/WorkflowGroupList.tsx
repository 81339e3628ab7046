import type { CloneWorkflowTemplateGroupsResult, Project } from '@crossarm/shared';
import { Group, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { fetchProjectGroups, workflowKeys } from '../api';
import { CloneGroupsDialog } from './CloneGroupsDialog';
import { GroupCards } from './GroupCards';
import { GroupListActions } from './GroupListActions';
import { NewGroupDialog } from './NewGroupDialog';

interface WorkflowGroupListProps {
  project: Project;
  /** Create, copy, change and edit templates (the pole owner's project managers). */
  canManage: boolean;
}

function announceCopies({ groups, droppedAssignees: dropped }: CloneWorkflowTemplateGroupsResult) {
  const left =
    dropped > 0
      ? ` ${dropped} default ${dropped === 1 ? 'assignee was' : 'assignees were'} left out: their organizations do not take part here.`
      : '';
  notifySuccess(
    groups.length === 1 ? 'Template copied' : `${groups.length} templates copied`,
    `Each is a new inactive draft.${left}`,
  );
}

/** A project's workflow templates, each a group of versions, with the managers' actions. */
export function WorkflowGroupList({ project, canManage }: WorkflowGroupListProps) {
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, setDialog] = useState<'new' | 'clone' | null>(null);
  const query = useQuery({
    queryKey: workflowKeys.groups(project.id, showArchived),
    queryFn: ({ signal }) => fetchProjectGroups(project.id, showArchived, signal),
  });
  const added = () => {
    setDialog(null);
    void queryClient.invalidateQueries({ queryKey: workflowKeys.allGroups(project.id) });
  };
  const groups = query.data;
  const actions = canManage ? (
    <GroupListActions onNew={() => setDialog('new')} onCopy={() => setDialog('clone')} />
  ) : null;

  return (
    <Stack gap="sm">
      <TableToolbar actions={actions}>
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {groups ? `${groups.length} ${groups.length === 1 ? 'template' : 'templates'}` : 'Templates'}
            {' · the stages and tasks each permit on this project goes through'}
          </Text>
          <Switch
            size="xs"
            label="Show archived"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
        </Group>
      </TableToolbar>
      <GroupCards
        projectId={project.id}
        groups={groups}
        error={query.error}
        onRetry={() => void query.refetch()}
        canManage={canManage}
        actions={actions}
      />
      <NewGroupDialog
        opened={dialog === 'new'}
        onClose={() => setDialog(null)}
        projectId={project.id}
        onCreated={(group) => {
          added();
          notifySuccess('Template created', `${group.name} starts with an empty draft to design.`);
        }}
      />
      <CloneGroupsDialog
        opened={dialog === 'clone'}
        onClose={() => setDialog(null)}
        projectId={project.id}
        onCloned={(result) => {
          added();
          announceCopies(result);
        }}
      />
    </Stack>
  );
}
