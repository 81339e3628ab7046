import { useEffect } from 'react';
import { type FormErrors, useFormState } from '../../lib/forms/use-form-state';
import { useFormSubmit } from '../projects/use-form-submit';

/**
 * A one-form dialog: the form starts afresh each time the dialog opens, the server's refusals land under
 * the fields (a 409 under `conflictField`, the name being taken), and one send runs at a time.
 * `empty` must keep its identity between renders (a module constant).
 */
export function useDialogForm<T extends Record<string, string>>(
  opened: boolean,
  empty: T,
  validate: (values: T) => FormErrors,
  conflictField: keyof T & string,
) {
  const form = useFormState(empty, validate);
  const { reset, showServerErrors } = form;
  const { saving, run } = useFormSubmit((error) => showServerErrors(error, conflictField));

  useEffect(() => {
    if (opened) reset(empty);
  }, [opened, reset, empty]);

  /** Checks the fields, then sends them. */
  const submit = (send: (values: T) => Promise<void>) => {
    if (form.validateAll()) void run(() => send(form.values));
  };
  return { form, saving, submit };
}
