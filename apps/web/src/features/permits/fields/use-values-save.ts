import type { PropertyValueInput, StagePropertyValue } from '@crossarm/shared';
import { useCallback, useState } from 'react';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import type { ApiErrorHandling } from '../../../lib/api/api-client';
import type { ApiError } from '../../../lib/api/api-error';
import { hasErrors, serverFieldErrors } from './property-form';
import type { PropertyFormState } from './use-property-form';

/** Sends a form's values (and files); answers the properties as saved. */
export type ValuesSender = (
  save: { values: PropertyValueInput[]; files: Array<{ propertyEntryId: string; file: File }> },
  onError: ApiErrorHandling,
  onProgress: (fraction: number) => void,
) => Promise<readonly StagePropertyValue[]>;

/**
 * Saves a property form: checks it first, sends only what changed, shows the server's messages under the
 * fields they name (anything else as a notification under `failureTitle`), and tracks upload progress.
 */
export function useValuesSave(form: PropertyFormState, send: ValuesSender, failureTitle: string) {
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    if (!form.validateAll()) return false;
    const pending = form.pendingSave();
    if (pending.values.length === 0 && pending.files.length === 0) return true;
    setSaving(true);
    setProgress(pending.files.length > 0 ? 0 : null);
    const notify = conflictHandler(failureTitle);
    const onError = (error: ApiError) => {
      const found = error.status === 400 ? serverFieldErrors(error.errors, pending.values, form.fields) : {};
      if (hasErrors(found)) form.showErrors(found);
      else notify(error);
    };
    try {
      form.saved(await send(pending, onError, setProgress));
      return true;
    } catch {
      // The handler has shown what went wrong; the form keeps the edits.
      return false;
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }, [form, send, failureTitle]);

  return { save, saving, progress };
}
