import type { TemplateStage, TemplateTask } from '@crossarm/shared';
import { Badge, Group } from '@mantine/core';
import { IconClock, IconForms, IconLink, IconUser } from '@tabler/icons-react';
import { timerSummary } from '../timer-form';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a task carries, at a glance: properties, what it waits on, assignees and its timer. */
export function TaskSummary({ stage, task }: { stage: TemplateStage; task: TemplateTask }) {
  const waitsOn = task.dependsOn
    .map((key) => stage.tasks.find((other) => other.key === key)?.name)
    .filter((name) => name !== undefined);
  const badge = { size: 'sm', variant: 'light', color: 'gray', radius: 'sm', tt: 'none', fw: 500 } as const;
  return (
    <Group gap={4} wrap="wrap">
      {task.properties.length > 0 ? (
        <Badge {...badge} leftSection={<IconForms size={12} />}>
          {count(task.properties.length, 'property', 'properties')}
        </Badge>
      ) : null}
      {waitsOn.length > 0 ? (
        <Badge {...badge} leftSection={<IconLink size={12} />} maw={220}>
          After {waitsOn.join(', ')}
        </Badge>
      ) : null}
      {task.defaultAssignees.length > 0 ? (
        <Badge {...badge} leftSection={<IconUser size={12} />}>
          {count(task.defaultAssignees.length, 'assignee', 'assignees')}
        </Badge>
      ) : null}
      {task.timer ? (
        <Badge {...badge} color="blue" leftSection={<IconClock size={12} />}>
          {timerSummary(task.timer)}
        </Badge>
      ) : null}
    </Group>
  );
}
