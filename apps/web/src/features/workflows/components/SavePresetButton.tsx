import type { Timer, TimerPreset } from '@crossarm/shared';
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { presetTimerOf } from '../timer-form';
import { SavePresetDialog } from './SavePresetDialog';

/** Saves the timer's settings as an organization preset; possible once its days are entered. */
export function SavePresetButton({
  timer,
  onSaved,
}: {
  timer: Timer;
  onSaved: (preset: TimerPreset) => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Group justify="flex-end">
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconDeviceFloppy size={14} />}
        disabled={timer.durationDays === null}
        onClick={() => setOpened(true)}
      >
        Save as preset
      </Button>
      <SavePresetDialog
        opened={opened}
        onClose={() => setOpened(false)}
        timer={presetTimerOf(timer)}
        onSaved={(preset) => {
          setOpened(false);
          onSaved(preset);
        }}
      />
    </Group>
  );
}
