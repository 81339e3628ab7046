import { type PresetTimer, type TimerPreset, TimerPresetInput } from '@crossarm/shared';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { createTimerPreset, workflowKeys } from '../api';
import { schemaErrors } from '../form-rules';
import { useDialogForm } from '../use-dialog-form';

interface SavePresetDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The timer's settings without its tasks. */
  timer: PresetTimer | null;
  onSaved: (preset: TimerPreset) => void;
}

const PresetFields = TimerPresetInput.omit({ timer: true });
const EMPTY = { name: '', description: '' };
const validate = (values: typeof EMPTY) => schemaErrors(PresetFields, values);

/** Saves a timer's settings as one of the organization's presets, for other stages and templates. */
export function SavePresetDialog({ opened, onClose, timer, onSaved }: SavePresetDialogProps) {
  const queryClient = useQueryClient();
  const { form, saving, submit } = useDialogForm(opened, EMPTY, validate, 'name');
  const send = () =>
    submit(async ({ name, description }) => {
      if (!timer) return;
      const preset = await createTimerPreset(
        { name: name.trim(), description: description.trim() || null, timer },
        notifyUnlessFieldError('name'),
      );
      void queryClient.invalidateQueries({ queryKey: workflowKeys.presets() });
      notifySuccess('Preset saved', `${preset.name} is offered for every timer of your organization.`);
      onSaved(preset);
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Save timer as a preset"
      size="md"
      formId="save-timer-preset-form"
      submitLabel="Save preset"
      busy={saving}
      onSubmit={send}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The days, how they count, the events and what happens when time runs out are saved; the tasks this
          timer names are not.
        </Text>
        <TextInput label="Name" required data-autofocus {...form.field('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.field('description')} />
      </Stack>
    </FormDialog>
  );
}
