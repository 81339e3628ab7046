import { enumWords, formatDate, type PermitTimer } from '@crossarm/shared';
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconListCheck } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { EmptyStatePanel } from '../../../../components/EmptyStatePanel';
import { LoadErrorState } from '../../../../components/LoadErrorState';
import type { StoredFileRef } from '../../fields/field-values';
import type { WorkAbilities } from '../permit-actions';
import { timerOf, workColor } from '../timer-text';
import { usePermitStage } from '../use-permit-data';
import { TaskCard } from './TaskCard';
import { TimerBadge } from './TimerBadge';

interface StageTasksProps {
  permitId: string;
  stageKey: string;
  /** The task to bring into view and mark, if any. */
  focusTaskKey: string | null;
  timers: readonly PermitTimer[];
  abilities: WorkAbilities;
  people: Array<{ value: string; label: string }>;
  onDownload: (file: StoredFileRef) => void;
  refresh: () => Promise<unknown>;
}

function TasksSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading tasks">
      <Skeleton height={24} width={260} />
      {[0, 1].map((card) => (
        <Paper key={card} withBorder radius="md" p="sm">
          <Stack gap={8}>
            <Skeleton height={14} width="40%" />
            <Skeleton height={10} width="25%" />
            <Skeleton height={30} width="100%" />
            <Skeleton height={30} width="100%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The selected stage: its status, dates and timer, and its tasks as cards. */
export function StageTasks({
  permitId,
  stageKey,
  focusTaskKey,
  timers,
  abilities,
  people,
  onDownload,
  refresh,
}: StageTasksProps) {
  const query = usePermitStage(permitId, stageKey);
  const stage = query.data;
  const taskNames = useMemo(() => new Map(stage?.tasks.map((task) => [task.key, task.name]) ?? []), [stage]);
  const focusReady = Boolean(stage && focusTaskKey);

  useEffect(() => {
    if (!focusReady || !focusTaskKey) return;
    const element = document.getElementById(`task-${focusTaskKey}`);
    element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [focusReady, focusTaskKey]);

  if (query.isError) {
    return (
      <LoadErrorState
        error={query.error}
        noun="stage"
        backTo={{ label: 'the workflow', to: `/permitting/${permitId}/workflow` }}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!stage) return <TasksSkeleton />;
  const stageTimer = timerOf(timers, stage.key);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} fz="h4" lineClamp={1}>
            {stage.name}
          </Title>
          <Badge
            style={{ flexShrink: 0 }}
            variant="light"
            color={workColor(stage.status)}
            radius="sm"
            tt="none"
          >
            {enumWords(stage.status)}
          </Badge>
          {stageTimer ? <TimerBadge timer={stageTimer} /> : null}
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {stage.completedAt
            ? `Completed ${formatDate(stage.completedAt)}`
            : stage.startedAt
              ? `Started ${formatDate(stage.startedAt)}`
              : 'Not started'}
        </Text>
      </Group>
      {abilities.reason ? (
        <Alert variant="light" color="gray" p="xs" icon={<IconInfoCircle size={16} />}>
          <Text size="sm">{abilities.reason}</Text>
        </Alert>
      ) : stage.status === 'NotStarted' ? (
        <Alert variant="light" color="gray" p="xs" icon={<IconInfoCircle size={16} />}>
          <Text size="sm">This stage starts when the stages before it are completed.</Text>
        </Alert>
      ) : null}
      {stage.tasks.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyStatePanel
            icon={IconListCheck}
            title="No tasks in this stage"
            description="The permit's workflow has no tasks here; the stage completes as soon as it starts."
          />
        </Paper>
      ) : (
        stage.tasks.map((task) => (
          <TaskCard
            key={task.key}
            permitId={permitId}
            stageKey={stage.key}
            task={task}
            taskNames={taskNames}
            timer={timerOf(timers, task.key)}
            abilities={abilities}
            people={people}
            focused={task.key === focusTaskKey}
            onDownload={onDownload}
            refresh={refresh}
          />
        ))
      )}
    </Stack>
  );
}
