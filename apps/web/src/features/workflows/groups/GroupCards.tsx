import type { WorkflowTemplateGroup, WorkflowTemplateVersion } from '@crossarm/shared';
import { Skeleton, Stack } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DataTableErrorState } from '../../../components/data-table/DataTableErrorState';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { projectKeys } from '../../projects/api';
import { MovePermitsDialog } from './MovePermitsDialog';
import { TemplateGroupCard } from './TemplateGroupCard';
import { useGroupActions } from './use-group-actions';

interface GroupCardsProps {
  projectId: string;
  /** Undefined until loaded. */
  groups: WorkflowTemplateGroup[] | undefined;
  error: unknown;
  onRetry: () => void;
  canManage: boolean;
  /** The first actions, offered by the empty state. */
  actions: ReactNode;
}

/** The groups as cards, or what stands in their place: a skeleton, the error, the empty state. */
export function GroupCards({ projectId, groups, error, onRetry, canManage, actions }: GroupCardsProps) {
  const { takeStep, newDraft, running } = useGroupActions(projectId);
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<{
    group: WorkflowTemplateGroup;
    version: WorkflowTemplateVersion;
    permitCount: number;
  } | null>(null);
  if (error) return <DataTableErrorState error={error} onRetry={onRetry} />;
  if (!groups) {
    return (
      <Stack gap="sm">
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  }
  if (groups.length === 0) {
    return (
      <EmptyStatePanel
        icon={IconRoute}
        maw={520}
        title="No workflow templates yet"
        description={
          canManage
            ? 'A template holds the stages and tasks each permit goes through, with their timers and the application form. Start one, or copy one from another project.'
            : 'The pole owner designs the stages and tasks permits on this project go through; published templates show here.'
        }
        action={actions}
      />
    );
  }
  return (
    <>
      {groups.map((group) => (
        <TemplateGroupCard
          key={group.id}
          group={group}
          canManage={canManage}
          busy={running === group.id}
          onStep={(step) => void takeStep(group, step)}
          onNewDraft={() => void newDraft(group)}
          onMovePermits={(version, permitCount) => setMoving({ group, version, permitCount })}
        />
      ))}
      {moving ? (
        <MovePermitsDialog
          key={moving.version.id}
          projectId={projectId}
          group={moving.group}
          source={moving.version}
          permitCount={moving.permitCount}
          onClose={() => setMoving(null)}
          // Permits moving changes the versions' counts and the project's figures alike.
          onMoved={() => void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) })}
        />
      ) : null}
    </>
  );
}
