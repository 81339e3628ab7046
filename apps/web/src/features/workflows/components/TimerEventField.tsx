import { Group, Select } from '@mantine/core';
import type { LocatedIssue } from '../template-issues';
import { fieldError } from './IssueMessages';

/** The value standing for "the timer's own task" in the task picker. */
const OWN_TASK = 'own-task';

interface TaskGroup {
  group: string;
  items: { value: string; label: string }[];
}

interface TimerEventFieldProps<E extends string> {
  /** 'Starts when'. */
  label: string;
  events: readonly E[];
  labels: Record<E, string>;
  value: { event: E; taskKey?: string | undefined };
  /** Whether an event names a task: not at all, optionally (no task means the timer's own), or always. */
  taskChoice: (event: E) => 'none' | 'optional' | 'required';
  /** The tasks an event may name, by stage; the timer's own task is left out. */
  tasks: TaskGroup[];
  readOnly: boolean;
  onEvent: (event: E) => void;
  onTask: (taskKey: string | undefined) => void;
  /** Problems of the event (its task among them). */
  issues: LocatedIssue[];
}

/** One end of a timer: the event, and the task it is about when the event names one. */
export function TimerEventField<E extends string>(props: TimerEventFieldProps<E>) {
  const { label, events, labels, value, tasks, readOnly, issues } = props;
  const choice = props.taskChoice(value.event);
  const own =
    choice === 'optional' ? [{ group: 'This task', items: [{ value: OWN_TASK, label: 'This task' }] }] : [];
  const taskValue = value.taskKey ?? (choice === 'optional' ? OWN_TASK : null);
  return (
    <Group gap="xs" grow align="flex-start">
      <Select
        label={label}
        size="xs"
        data={events.map((event) => ({ value: event, label: labels[event] }))}
        value={value.event}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(next) => {
          const event = events.find((candidate) => candidate === next);
          if (event) props.onEvent(event);
        }}
        comboboxProps={{ withinPortal: true }}
        error={choice === 'none' ? fieldError(issues) : undefined}
      />
      {choice === 'none' ? null : (
        <Select
          label={`${label}: task`}
          size="xs"
          placeholder="Choose a task"
          data={[...own, ...tasks]}
          value={taskValue}
          allowDeselect={false}
          readOnly={readOnly}
          searchable
          onChange={(next) => props.onTask(next === OWN_TASK || next === null ? undefined : next)}
          nothingFoundMessage="No task matches"
          comboboxProps={{ withinPortal: true }}
          error={fieldError(issues)}
        />
      )}
    </Group>
  );
}
