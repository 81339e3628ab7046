import { type Timer, TimerBreachRecipient } from '@crossarm/shared';
import { Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { BREACH_RECIPIENT_LABELS, type TimerOwnerKind } from '../timer-form';

interface TimerBreachFieldsProps {
  kind: TimerOwnerKind;
  timer: Timer;
  readOnly: boolean;
  onChange: (timer: Timer) => void;
}

/** Whether holds pause the timer, and what happens when it runs out: a flag, and who is told. */
export function TimerBreachFields({ kind, timer, readOnly, onChange }: TimerBreachFieldsProps) {
  const { onBreach } = timer;
  return (
    <>
      <Switch
        size="xs"
        label="Pauses while the permit is on hold"
        checked={timer.pausesOnHold}
        disabled={readOnly}
        onChange={(event) => onChange({ ...timer, pausesOnHold: event.currentTarget.checked })}
      />
      <Stack gap={6}>
        <Text size="xs" fw={500}>
          When time runs out
        </Text>
        <Checkbox
          size="xs"
          label={kind === 'task' ? 'Flag the task as overdue' : 'Flag the stage as overdue'}
          checked={onBreach.flag}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ ...timer, onBreach: { ...onBreach, flag: event.currentTarget.checked } })
          }
        />
        <Checkbox.Group
          label="Notify"
          size="xs"
          value={onBreach.notify}
          onChange={(values) =>
            onChange({
              ...timer,
              onBreach: {
                ...onBreach,
                notify: TimerBreachRecipient.options.filter((r) => values.includes(r)),
              },
            })
          }
        >
          <Group gap="md" mt={4}>
            {TimerBreachRecipient.options.map((recipient) => (
              <Checkbox
                key={recipient}
                size="xs"
                value={recipient}
                label={BREACH_RECIPIENT_LABELS[recipient]}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </>
  );
}
