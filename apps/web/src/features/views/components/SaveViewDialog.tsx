import { type CustomView, MAX_VIEW_DESCRIPTION, MAX_VIEW_NAME, viewNameProblem } from '@crossarm/shared';
import { Alert, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { useFormState } from '../../../lib/forms/use-form-state';
import { useFormSubmit } from '../../projects/use-form-submit';
import type { TrackerState } from '../../tracker/tracker-state';
import { unsavedSearchNote, viewInputOf } from '../view-state';
import { createView } from '../views-api';

interface SaveViewDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The table as it is now, saved as the new view. */
  state: TrackerState;
  /** The view's name to start from (a copy of the open view). */
  initialName: string;
  onSaved: (view: CustomView) => void;
}

const validate = (values: { name: string; description: string }) => {
  const name = values.name.trim();
  return {
    name: !name
      ? 'A view needs a name'
      : name.length > MAX_VIEW_NAME
        ? `At most ${MAX_VIEW_NAME} characters`
        : viewNameProblem(name),
    description:
      values.description.trim().length > MAX_VIEW_DESCRIPTION
        ? `At most ${MAX_VIEW_DESCRIPTION} characters`
        : undefined,
  };
};

/** Saves the table's columns, filters, sorts and summary as a new view that only its creator sees at first. */
export function SaveViewDialog({ opened, onClose, state, initialName, onSaved }: SaveViewDialogProps) {
  const form = useFormState({ name: initialName, description: '' }, validate);
  const { reset, showServerErrors } = form;
  const { saving, run } = useFormSubmit((error) => showServerErrors(error));
  const searchNote = unsavedSearchNote(state);
  // A name or description typed and not yet saved is an unsaved change: leaving the page asks first.
  useDirtyFlag(
    'save-view',
    opened && (form.values.name.trim() !== initialName.trim() || form.values.description.trim() !== ''),
  );

  useEffect(() => {
    if (opened) reset({ name: initialName, description: '' });
  }, [opened, reset, initialName]);

  const submit = () => {
    if (!form.validateAll()) return;
    void run(async () => {
      const body = viewInputOf(state, { name: form.values.name, description: form.values.description });
      // A refused table (not the name or description) has no field here: it is notified.
      onSaved(await createView(body, notifyUnlessFieldError(undefined, ['name', 'description'])));
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Save as new view"
      size="md"
      formId="save-view-form"
      submitLabel="Save view"
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={MAX_VIEW_NAME}
          placeholder="e.g. Overdue make-ready, North district"
          {...form.field('name')}
        />
        <Textarea
          label="Description"
          description="What the view is for; people it is shared with see it in the views list."
          autosize
          minRows={2}
          maxRows={6}
          {...form.field('description')}
        />
        {searchNote ? (
          <Alert color="gray" variant="light" icon={<IconSearchOff size={16} />} py={6}>
            <Text size="sm">{searchNote}</Text>
            <Text size="xs" c="dimmed">
              The view opens with these columns, filters and sorts, and an empty search box.
            </Text>
          </Alert>
        ) : null}
      </Stack>
    </FormDialog>
  );
}
