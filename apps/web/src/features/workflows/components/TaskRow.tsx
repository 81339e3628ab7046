import type { TemplateStage, TemplateTask } from '@crossarm/shared';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { anchorOf, issuesUnder } from '../template-issues';
import { confirmRemoval } from './confirm-removal';
import { DragHandle } from './DragHandle';
import { fieldError, IssueMessages } from './IssueMessages';
import { ItemMenu } from './ItemMenu';
import { RequiredCheckbox } from './RequiredCheckbox';
import type { DragHandleProps } from './SortableItem';
import { TaskSummary } from './TaskSummary';

interface TaskRowProps {
  stage: TemplateStage;
  task: TemplateTask;
  index: number;
  count: number;
  handle: DragHandleProps;
}

/** One task of a stage: its name, whether it is required, what it carries, and its problems. */
export function TaskRow({ stage, task, index, count, handle }: TaskRowProps) {
  const { edit, readOnly, issues, open } = useDesigner();
  const own = issues.task(task.key);
  const nameIssues = issuesUnder(own, 'name');
  const label = task.name || `Task ${index + 1}`;

  const remove = async () => {
    const sure = await confirmRemoval(
      'Remove task',
      `Remove the task '${label}' from '${stage.name}'? Tasks that wait on it no longer do.`,
    );
    if (sure) edit({ type: 'removeTask', taskKey: task.key });
  };

  return (
    <Paper
      withBorder
      radius="sm"
      px="xs"
      py={6}
      id={anchorOf({ kind: 'task', stageKey: stage.key, taskKey: task.key })}
      aria-label={`Task ${label}`}
      role="group"
      bg="var(--mantine-color-default-hover)"
      style={own.length > 0 ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="center">
          <DragHandle handle={handle} label={`Drag to reorder the task ${label}`} />
          <TextInput
            aria-label="Task name"
            value={task.name}
            readOnly={readOnly}
            variant={readOnly ? 'unstyled' : 'default'}
            size="xs"
            style={{ flex: 1, minWidth: 120 }}
            onChange={(event) =>
              edit({ type: 'changeTask', taskKey: task.key, change: { name: event.currentTarget.value } })
            }
            error={fieldError(nameIssues)}
          />
          <RequiredCheckbox
            checked={task.required}
            disabled={readOnly}
            onChange={(required) => edit({ type: 'changeTask', taskKey: task.key, change: { required } })}
          />
          <Button
            size="compact-xs"
            variant="light"
            color={own.length > nameIssues.length ? 'red' : undefined}
            onClick={() => open({ kind: 'task', taskKey: task.key })}
            aria-label={`Details of ${label}`}
          >
            Details
          </Button>
          {readOnly ? null : (
            <ItemMenu
              name={`the task ${label}`}
              index={index}
              count={count}
              onMove={(to) => edit({ type: 'moveTask', stageKey: stage.key, from: index, to })}
              onOpen={() => open({ kind: 'task', taskKey: task.key })}
              onRemove={() => void remove()}
            />
          )}
        </Group>
        <TaskSummary stage={stage} task={task} />
        <IssueMessages issues={own.filter((issue) => !nameIssues.includes(issue))} />
      </Stack>
    </Paper>
  );
}
