import { enumWords, formatDate, formatDateTime, type MyTask } from '@crossarm/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { PermitStatusBadge } from '../../permits/workflow/components/PermitStatusBadge';
import { workColor } from '../../permits/workflow/timer-text';
import { DUE_COLORS, dueView, taskPath } from '../my-work';

type Column = DataTableColumn<MyTask>;

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Truncated({ text, dimmed = false }: { text: string; dimmed?: boolean }) {
  return (
    <Text size="sm" c={dimmed ? 'dimmed' : undefined} truncate="end" title={text}>
      {text}
    </Text>
  );
}

function TimeLeftCell({ task, now }: { task: MyTask; now: Date }) {
  const view = dueView(task.timer, now);
  const colored = view.tone === 'overdue' || view.tone === 'paused';
  return (
    <Text
      size="sm"
      fw={view.tone === 'overdue' ? 600 : undefined}
      c={colored ? DUE_COLORS[view.tone] : view.tone === 'running' ? undefined : 'dimmed'}
      style={tabular}
      truncate="end"
      title={view.text}
    >
      {view.text}
    </Text>
  );
}

/** The columns of the caller's tasks, their clocks read at `now`. */
export function myTaskColumns(now: Date): Column[] {
  return [
    {
      key: 'permit',
      header: 'Permit',
      sortKey: 'PermitNumber',
      width: 230,
      cell: (task) => (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={taskPath(task)}
            size="sm"
            fw={500}
            ff="monospace"
            c="var(--mantine-color-bright)"
            truncate="end"
            display="block"
            // The number whole; the status beside it gives way first.
            style={{ flexShrink: 0 }}
            title={`Open ${task.taskName} on ${task.permitNumber}`}
            onClick={(event) => event.stopPropagation()}
          >
            {task.permitNumber}
          </Anchor>
          {/* A permit on hold or waiting for a cancellation decision says so beside its number. */}
          {task.permitStatus === 'Active' ? null : (
            <PermitStatusBadge status={task.permitStatus} size="sm" shrinks />
          )}
        </Group>
      ),
    },
    {
      key: 'project',
      header: 'Project',
      sortKey: 'Project',
      width: '12%',
      cell: (task) => <Truncated text={task.projectName} />,
    },
    {
      key: 'stage',
      header: 'Stage',
      width: '12%',
      visibleFrom: 'md',
      cell: (task) => <Truncated text={task.stageName} dimmed />,
    },
    {
      key: 'task',
      header: 'Task',
      sortKey: 'TaskName',
      cell: (task) => <Truncated text={task.taskName} />,
    },
    {
      key: 'status',
      header: 'Status',
      width: 132,
      cell: (task) => (
        <Badge size="sm" variant="light" color={workColor(task.status)} radius="sm" tt="none" fw={600}>
          {enumWords(task.status)}
        </Badge>
      ),
    },
    {
      key: 'due',
      header: 'Due',
      sortKey: 'DueDate',
      width: 112,
      cell: (task) => (
        <Text size="sm" style={tabular} c={task.timer?.dueAt ? undefined : 'dimmed'}>
          {task.timer?.dueAt ? formatDate(task.timer.dueAt) : '—'}
        </Text>
      ),
    },
    {
      key: 'timeLeft',
      header: 'Time left',
      width: 192,
      cell: (task) => <TimeLeftCell task={task} now={now} />,
    },
    {
      key: 'assignedAt',
      header: 'Assigned',
      sortKey: 'AssignedAt',
      width: 112,
      // Shown on wide screens only, so that the task's name keeps its room on a laptop.
      visibleFrom: 'xl',
      cell: (task) => (
        <Text size="sm" c="dimmed" style={tabular} title={formatDateTime(task.assignedAt)}>
          {formatDate(task.assignedAt)}
        </Text>
      ),
    },
  ];
}
