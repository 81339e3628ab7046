import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';

export const MAX_FOLDER_NAME = 100;

interface FolderNameDialogProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName: string;
  onClose: () => void;
  /** Resolves once the folder is saved; the dialog stays busy until then. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Names a new favourites folder, or renames one. */
export function FolderNameDialog({
  opened,
  title,
  submitLabel,
  initialName,
  onClose,
  onSubmit,
}: FolderNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A name typed and not yet saved is an unsaved change: leaving the page asks first.
  useDirtyFlag('favorite-folder-name', opened && name.trim() !== initialName.trim());

  useEffect(() => {
    if (opened) {
      setName(initialName);
      setError(null);
    }
  }, [opened, initialName]);

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('A folder needs a name');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="sm"
      formId="favorite-folder-form"
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <TextInput
        label="Folder name"
        required
        data-autofocus
        maxLength={MAX_FOLDER_NAME}
        placeholder="e.g. North district"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        onBlur={() => setError(name.trim() ? null : 'A folder needs a name')}
      />
    </FormDialog>
  );
}
