import { type Timer, TimerDayKind } from '@crossarm/shared';
import { Group, Input, NumberInput, SegmentedControl } from '@mantine/core';
import type { LocatedIssue } from '../template-issues';
import { DAY_KIND_LABELS } from '../timer-form';
import { fieldError } from './IssueMessages';

interface TimerDurationFieldsProps {
  timer: Timer;
  readOnly: boolean;
  /** Problems of the days. */
  issues: LocatedIssue[];
  onChange: (timer: Timer) => void;
}

/** How long a timer runs, and whether weekends count. */
export function TimerDurationFields({ timer, readOnly, issues, onChange }: TimerDurationFieldsProps) {
  return (
    <Group gap="xs" align="flex-start" grow>
      <NumberInput
        label="Duration in days"
        size="xs"
        min={1}
        max={3650}
        allowDecimal={false}
        value={timer.durationDays ?? ''}
        readOnly={readOnly}
        onChange={(value) => onChange({ ...timer, durationDays: typeof value === 'number' ? value : null })}
        error={fieldError(issues)}
      />
      <Input.Wrapper label="Days count as" size="xs">
        <SegmentedControl
          size="xs"
          fullWidth
          disabled={readOnly}
          value={timer.dayKind}
          data={TimerDayKind.options.map((value) => ({ value, label: DAY_KIND_LABELS[value] }))}
          onChange={(value) =>
            onChange({
              ...timer,
              dayKind: TimerDayKind.options.find((day) => day === value) ?? timer.dayKind,
            })
          }
        />
      </Input.Wrapper>
    </Group>
  );
}
