import { useEffect, useState } from 'react';
import { useDirtyFlag } from '../unsaved-changes/use-dirty-flag';

interface ImageFormDialogOptions {
  opened: boolean;
  /** The key under which unsaved changes are flagged. */
  dirtyKey: string;
  /** Whether the form's fields differ from where they started. */
  formDirty: boolean;
  /** Puts the fields back to the record as it is now; keep it stable (useCallback). */
  resetForm: () => void;
  /** Checks every field; false stops the submit. */
  validate: () => boolean;
  /** Shows what the server rejected. */
  onError: (error: unknown) => void;
}

/** The picked image and saving state of a form dialog with an image; each opening starts afresh. */
export function useImageFormDialog({
  opened,
  dirtyKey,
  formDirty,
  resetForm,
  validate,
  onError,
}: ImageFormDialogOptions) {
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  useDirtyFlag(dirtyKey, opened && (formDirty || image !== null));

  useEffect(() => {
    if (!opened) return;
    resetForm();
    setImage(null);
  }, [opened, resetForm]);

  /** Validates, then sends with the picked image while showing the dialog as busy. */
  const submit = async (send: (image: File | null) => Promise<void>) => {
    if (!validate()) return;
    setSaving(true);
    try {
      await send(image);
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };

  return { image, setImage, saving, submit };
}
