import { type WorkflowTemplateGroup, WorkflowTemplateGroupInput } from '@crossarm/shared';
import { Stack, Text, TextInput } from '@mantine/core';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { createGroup } from '../api';
import { schemaErrors } from '../form-rules';
import { useDialogForm } from '../use-dialog-form';

interface NewGroupDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  onCreated: (group: WorkflowTemplateGroup) => void;
}

const EMPTY = { name: '' };
const validate = (values: typeof EMPTY) => schemaErrors(WorkflowTemplateGroupInput, values);

/** Names a new template group; it starts inactive, with an empty draft as version 1. */
export function NewGroupDialog({ opened, onClose, projectId, onCreated }: NewGroupDialogProps) {
  // A 409 (the name is taken in the project) reads under the name, in the server's words.
  const { form, saving, submit } = useDialogForm(opened, EMPTY, validate, 'name');
  useDirtyFlag('new-workflow-group', opened && form.dirty);
  const send = () =>
    submit(async ({ name }) => {
      onCreated(await createGroup(projectId, name.trim(), notifyUnlessFieldError('name')));
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="New workflow template"
      size="md"
      formId="new-workflow-group-form"
      submitLabel="Create template"
      busy={saving}
      onSubmit={send}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The template starts inactive with an empty draft. Design and publish it, then activate it to offer
          it for new permits.
        </Text>
        <TextInput label="Name" required data-autofocus {...form.field('name')} />
      </Stack>
    </FormDialog>
  );
}
