import { enumWords, formatDate, formatDateTime, type MyTask } from '@crossarm/shared';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { EMPTY_CELL } from '../../../components/data-table/empty-cell';
import { PermitStatusBadge } from '../../permits/workflow/components/PermitStatusBadge';
import { workColor } from '../../permits/workflow/timer-text';
import { DUE_COLORS, dueView, taskPath } from '../my-work';
import './my-work.css';

type Column = DataTableColumn<MyTask>;

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A name cut short with the whole of it on hover; an empty one reads as every empty cell does. */
function Truncated({ text, dimmed = false }: { text: string; dimmed?: boolean }) {
  const shown = text.trim();
  return (
    <Text size="sm" c={dimmed || !shown ? 'dimmed' : undefined} truncate="end" title={shown || undefined}>
      {shown || EMPTY_CELL}
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
      // The number and the longest status beside it ('Cancel requested') whole; narrower on a laptop, where
      // the status gives way (whole on hover). Widths in my-work.css.
      className: 'my-work-permit',
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
            <PermitStatusBadge status={task.permitStatus} size="xs" shrinks />
          )}
        </Group>
      ),
    },
    {
      key: 'project',
      header: 'Project',
      sortKey: 'Project',
      // Most people work on few projects: its name gives way first to the stage and the task, and on a
      // laptop (below 1200 px) the column goes (the project filter stays).
      width: '7%',
      visibleFrom: 'lg',
      cell: (task) => <Truncated text={task.projectName} />,
    },
    {
      key: 'stage',
      header: 'Stage',
      width: '18%',
      // Below 1200 px the task keeps the room.
      visibleFrom: 'lg',
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
      width: 128,
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
      width: 114,
      cell: (task) => (
        <Text size="sm" style={tabular} c={task.timer?.dueAt ? undefined : 'dimmed'}>
          {task.timer?.dueAt ? formatDate(task.timer.dueAt) : EMPTY_CELL}
        </Text>
      ),
    },
    {
      key: 'timeLeft',
      header: 'Time left',
      // 'Overdue by 12d 23h' and 'Paused · 4.2 days left' whole, but on a laptop. Widths in my-work.css.
      className: 'my-work-time-left',
      cell: (task) => <TimeLeftCell task={task} now={now} />,
    },
    {
      key: 'assignedAt',
      header: 'Assigned',
      sortKey: 'AssignedAt',
      width: 112,
      // Shown on wide screens only (from 1600 px), so that the stage and task names keep their room on a
      // laptop and at 1440 px.
      className: 'my-work-wide-only',
      cell: (task) => (
        <Text size="sm" c="dimmed" style={tabular} title={formatDateTime(task.assignedAt)}>
          {formatDate(task.assignedAt)}
        </Text>
      ),
    },
  ];
}
