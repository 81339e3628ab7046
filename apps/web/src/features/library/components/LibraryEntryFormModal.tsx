import type { LibraryEntry, LibraryKind } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../../components/dialogs/confirm';
import { GenericDialog } from '../../../components/dialogs/GenericDialog';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { fieldErrorsOf } from '../../../lib/forms/field-errors';
import { createLibraryEntry, libraryKeys, updateLibraryEntry } from '../api';
import { kindText } from '../library-kinds';
import { useEntryForm } from '../use-entry-form';
import { LibraryEntryFields } from './LibraryEntryFields';

interface LibraryEntryFormModalProps {
  kind: LibraryKind;
  /** The entry to edit, or null to create one. */
  entry: LibraryEntry | null;
  onClose: () => void;
}

/** Create or edit a library entry, with each problem shown under its field. */
export function LibraryEntryFormModal({ kind, entry, onClose }: LibraryEntryFormModalProps) {
  const queryClient = useQueryClient();
  const form = useEntryForm(kind, entry);
  const text = kindText[kind];
  useDirtyFlag('library-entry-form', form.dirty);

  const save = useMutation({
    mutationFn: (body: NonNullable<typeof form.validation.body>) =>
      entry ? updateLibraryEntry(kind, entry.id, body) : createLibraryEntry(kind, body),
    onSuccess: async (saved) => {
      const verb = entry ? 'saved' : 'created';
      notifySuccess(
        `${text.singular.charAt(0).toUpperCase()}${text.singular.slice(1)} ${verb}`,
        `'${saved.name}' was ${verb}.`,
      );
      await queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      onClose();
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error, 'name')),
  });

  const submit = () => {
    form.setSubmitted(true);
    if (form.validation.body) save.mutate(form.validation.body);
  };
  const close = async () => {
    if (form.dirty) {
      const discard = await confirm({
        title: 'Warning',
        message: 'Are you sure you want to leave without saving? Any unsaved changes will be discarded.',
        confirmLabel: 'Discard Changes',
        cancelLabel: 'Continue Editing',
      });
      if (!discard) return;
    }
    onClose();
  };

  return (
    <GenericDialog
      opened
      onClose={() => void close()}
      title={entry ? `Edit ${text.singular}` : `New ${text.singular}`}
      size={kind === 'property' ? 640 : 'md'}
      footer={
        <>
          <Button variant="default" onClick={() => void close()}>
            Cancel
          </Button>
          <Button loading={save.isPending} type="submit" form="library-entry-form">
            {entry ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form
        id="library-entry-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <LibraryEntryFields kind={kind} entry={entry} form={form} />
      </form>
    </GenericDialog>
  );
}
