import type { Timer } from '@crossarm/shared';
import { Select } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { applyPreset, type TimerOwnerKind } from '../timer-form';

interface PresetPickerProps {
  kind: TimerOwnerKind;
  timer: Timer;
  onChange: (timer: Timer) => void;
}

/** The federal deadlines and the organization's saved presets; choosing one fills the timer in. */
export function PresetPicker({ kind, timer, onChange }: PresetPickerProps) {
  const { presets, readOnly } = useDesigner();
  const chosen = presets.find((preset) => preset.id === timer.presetId);
  const group = (source: 'Federal' | 'Organization', label: string) => ({
    group: label,
    items: presets
      .filter((preset) => preset.source === source)
      .map((preset) => ({ value: preset.id, label: preset.name })),
  });
  const data = [group('Federal', 'Federal deadlines'), group('Organization', 'Your organization')].filter(
    (g) => g.items.length > 0,
  );
  return (
    <Select
      label="Preset"
      size="xs"
      placeholder={readOnly ? 'None' : 'Start from a preset'}
      data={data}
      value={chosen?.id ?? null}
      readOnly={readOnly}
      searchable
      allowDeselect={false}
      description={chosen?.description ?? undefined}
      onChange={(id) => {
        const preset = presets.find((candidate) => candidate.id === id);
        if (preset) onChange(applyPreset(kind, preset, timer));
      }}
      nothingFoundMessage="No preset matches"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
