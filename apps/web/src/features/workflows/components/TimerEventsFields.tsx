import { type Timer, TimerStartEvent, TimerStopEvent } from '@crossarm/shared';
import { useDesigner } from '../designer-context';
import { issuesUnder, type LocatedIssue } from '../template-issues';
import {
  START_EVENT_LABELS,
  STOP_EVENT_LABELS,
  type TimerOwnerKind,
  taskChoice,
  withStart,
  withStop,
} from '../timer-form';
import { TimerEventField } from './TimerEventField';

interface TimerEventsFieldsProps {
  kind: TimerOwnerKind;
  /** The task the timer belongs to; it is "this task" in the pickers rather than listed. */
  ownTaskKey: string | null;
  timer: Timer;
  /** The timer's problems ('timer.startsOn.taskKey'...). */
  issues: LocatedIssue[];
  onChange: (timer: Timer) => void;
}

/** What starts and what stops a timer, with the task each event is about. */
export function TimerEventsFields({ kind, ownTaskKey, timer, issues, onChange }: TimerEventsFieldsProps) {
  const { definition, readOnly } = useDesigner();
  const tasks = definition.stages
    .map((stage, index) => ({
      group: `${index + 1}. ${stage.name || 'Stage'}`,
      items: stage.tasks
        .filter((task) => task.key !== ownTaskKey)
        .map((task) => ({ value: task.key, label: task.name || 'Task' })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <>
      <TimerEventField
        label="Starts when"
        events={TimerStartEvent.options}
        labels={START_EVENT_LABELS}
        value={timer.startsOn}
        taskChoice={(event) => taskChoice(kind, 'startsOn', event)}
        tasks={tasks}
        readOnly={readOnly}
        onEvent={(event) => onChange(withStart(kind, timer, event))}
        onTask={(taskKey) => onChange({ ...timer, startsOn: { event: timer.startsOn.event, taskKey } })}
        issues={issuesUnder(issues, 'timer.startsOn')}
      />
      <TimerEventField
        label="Stops when"
        events={TimerStopEvent.options}
        labels={STOP_EVENT_LABELS}
        value={timer.stopsOn}
        taskChoice={(event) => taskChoice(kind, 'stopsOn', event)}
        tasks={tasks}
        readOnly={readOnly}
        onEvent={(event) => onChange(withStop(kind, timer, event))}
        onTask={(taskKey) => onChange({ ...timer, stopsOn: { event: timer.stopsOn.event, taskKey } })}
        issues={issuesUnder(issues, 'timer.stopsOn')}
      />
    </>
  );
}
