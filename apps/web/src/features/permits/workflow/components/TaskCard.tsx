import { enumWords, formatDateTime, type PermitStageTask, type PermitTimer } from '@crossarm/shared';
import { Badge, Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { conflictHandler } from '../../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../../components/unsaved-changes/use-dirty-flag';
import type { StoredFileRef } from '../../fields/field-values';
import { PropertyForm } from '../../fields/PropertyForm';
import { usePropertyForm } from '../../fields/use-property-form';
import { useValuesSave, type ValuesSender } from '../../fields/use-values-save';
import { saveTaskValues, setTaskCompleted } from '../api';
import { taskAbilities, type WorkAbilities } from '../permit-actions';
import { workColor } from '../timer-text';
import { TaskAssignees } from './TaskAssignees';
import { TimerBadge } from './TimerBadge';

interface TaskCardProps {
  permitId: string;
  stageKey: string;
  task: PermitStageTask;
  /** Names of the stage's tasks by key, to say what a task waits for. */
  taskNames: ReadonlyMap<string, string>;
  timer: PermitTimer | null;
  abilities: WorkAbilities;
  people: Array<{ value: string; label: string }>;
  focused: boolean;
  onDownload: (file: StoredFileRef) => void;
  /** Reads the permit again after a change; resolves once it has. */
  refresh: () => Promise<unknown>;
}

/**
 * One task of a stage: its status, timer and assignees, its properties as a form, and Complete or
 * Uncomplete. Completing saves the form's changes first.
 */
export function TaskCard({
  permitId,
  stageKey,
  task,
  taskNames,
  timer,
  abilities,
  people,
  focused,
  onDownload,
  refresh,
}: TaskCardProps) {
  const can = taskAbilities(task.status, abilities);
  const form = usePropertyForm(task.properties);
  useDirtyFlag(`permit-task-${task.key}`, form.dirty);
  const send = useCallback<ValuesSender>(
    async (save, onError, onProgress) => {
      const saved = await saveTaskValues(permitId, stageKey, task.key, save, onError, onProgress);
      void refresh();
      return saved.properties;
    },
    [permitId, stageKey, task.key, refresh],
  );
  const values = useValuesSave(form, send, `${task.name} was not saved`);
  const [acting, setActing] = useState<'complete' | 'uncomplete' | null>(null);

  const act = async (completed: boolean) => {
    if (completed && form.dirty && !(await values.save())) return;
    if (completed && !form.validateAll()) return;
    setActing(completed ? 'complete' : 'uncomplete');
    try {
      await setTaskCompleted(
        permitId,
        stageKey,
        task.key,
        completed,
        conflictHandler(`${task.name} was not ${completed ? 'completed' : 'reopened'}`),
      );
      notifySuccess(
        completed ? 'Task completed' : 'Task reopened',
        `${task.name} is ${completed ? 'completed' : 'open again'}.`,
      );
      await refresh();
    } catch {
      // The handler has shown the server's message.
    } finally {
      setActing(null);
    }
  };

  const waitsFor = task.dependsOn
    .map((key) => taskNames.get(key))
    .filter((name): name is string => Boolean(name));
  const hasFields = form.fields.length > 0;
  const actions = (
    <>
      {can.uncomplete ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRotate size={14} />}
          loading={acting === 'uncomplete'}
          onClick={() => void act(false)}
        >
          Uncomplete
        </Button>
      ) : null}
      {can.complete ? (
        <Button
          size="xs"
          color="green"
          leftSection={<IconCheck size={14} />}
          loading={acting === 'complete'}
          disabled={values.saving}
          onClick={() => void act(true)}
        >
          Complete
        </Button>
      ) : null}
    </>
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      id={`task-${task.key}`}
      aria-label={`Task ${task.name}`}
      component="section"
      style={
        focused
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
            }
          : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600} size="sm" component="h3" m={0}>
                {task.name}
              </Text>
              <Badge
                style={{ flexShrink: 0 }}
                size="sm"
                variant="light"
                color={workColor(task.status)}
                radius="sm"
                tt="none"
              >
                {enumWords(task.status)}
              </Badge>
              {task.required ? null : (
                <Badge
                  style={{ flexShrink: 0 }}
                  size="sm"
                  variant="outline"
                  color="gray"
                  radius="sm"
                  tt="none"
                >
                  Optional
                </Badge>
              )}
              {timer ? <TimerBadge timer={timer} /> : null}
            </Group>
            <Text size="xs" c="dimmed">
              {task.status === 'Completed' && task.completedAt
                ? `Completed ${formatDateTime(task.completedAt)}${task.completedBy ? ` by ${task.completedBy.name}` : ''}`
                : task.status === 'NotStarted' && waitsFor.length > 0
                  ? `Waits for ${waitsFor.join(', ')}`
                  : task.startedAt
                    ? `Started ${formatDateTime(task.startedAt)}`
                    : task.readyAt
                      ? `Ready since ${formatDateTime(task.readyAt)}`
                      : 'Not started'}
            </Text>
          </Stack>
          {hasFields ? null : (
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          )}
        </Group>
        <div style={{ maxWidth: 520 }}>
          <TaskAssignees
            permitId={permitId}
            stageKey={stageKey}
            taskKey={task.key}
            taskName={task.name}
            assignees={task.assignees}
            options={people}
            editable={can.assign}
            onChanged={refresh}
          />
        </div>
        {hasFields ? (
          <>
            <Divider />
            <PropertyForm
              form={form}
              id={`task-form-${task.key}`}
              readOnly={!can.editValues}
              userOptions={people}
              onDownload={onDownload}
              onSubmit={() =>
                void values.save().then((ok) => ok && notifySuccess('Saved', `${task.name} was saved.`))
              }
              saving={values.saving}
              progress={values.progress}
              extraActions={actions}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
