import type { Timer } from '@crossarm/shared';
import { Stack, Switch } from '@mantine/core';
import type { TimerOwnerRef } from '../definition-reducer';
import { useDesigner } from '../designer-context';
import { issuesUnder, type LocatedIssue } from '../template-issues';
import { newTimer } from '../timer-form';
import { IssueMessages } from './IssueMessages';
import { PanelSection } from './PanelSection';
import { PresetPicker } from './PresetPicker';
import { SavePresetButton } from './SavePresetButton';
import { TimerBreachFields } from './TimerBreachFields';
import { TimerDurationFields } from './TimerDurationFields';
import { TimerEventsFields } from './TimerEventsFields';

interface TimerEditorProps {
  owner: TimerOwnerRef;
  timer: Timer | undefined;
  /** The owner's problems; those under `timer` are shown here. */
  issues: LocatedIssue[];
  /** The days a new timer starts with (a task's suggested duration from the library). */
  defaultDays: number | null;
  /** What the timer counts, said under the section's title. */
  description: string;
}

/** A stage's or task's deadline: a preset or its own days, what starts and stops it, and what a breach does. */
export function TimerEditor({ owner, timer, issues, defaultDays, description }: TimerEditorProps) {
  const { edit, readOnly } = useDesigner();
  const kind = 'taskKey' in owner ? 'task' : 'stage';
  const set = (next: Timer | null) => edit({ type: 'setTimer', owner, timer: next });
  const own = issuesUnder(issues, 'timer');
  const placed = new Set(
    ['durationDays', 'startsOn', 'stopsOn'].flatMap((f) => issuesUnder(own, `timer.${f}`)),
  );
  return (
    <PanelSection title="Timer" description={description}>
      <Stack gap="sm">
        <Switch
          label={kind === 'task' ? 'This task has a timer' : 'This stage has a timer'}
          checked={timer !== undefined}
          disabled={readOnly}
          onChange={(event) => set(event.currentTarget.checked ? newTimer(kind, defaultDays) : null)}
        />
        {timer ? (
          <>
            <PresetPicker kind={kind} timer={timer} onChange={set} />
            <TimerDurationFields
              timer={timer}
              readOnly={readOnly}
              issues={issuesUnder(own, 'timer.durationDays')}
              onChange={set}
            />
            <TimerEventsFields
              kind={kind}
              ownTaskKey={'taskKey' in owner ? owner.taskKey : null}
              timer={timer}
              issues={own}
              onChange={set}
            />
            <TimerBreachFields kind={kind} timer={timer} readOnly={readOnly} onChange={set} />
            <IssueMessages issues={own.filter((issue) => !placed.has(issue))} />
            {readOnly ? null : (
              <SavePresetButton timer={timer} onSaved={(preset) => set({ ...timer, presetId: preset.id })} />
            )}
          </>
        ) : null}
      </Stack>
    </PanelSection>
  );
}
