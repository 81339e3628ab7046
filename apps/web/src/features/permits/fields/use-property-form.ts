import type { StagePropertyValue } from '@crossarm/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fieldError } from './field-values';
import {
  buildSave,
  type FormErrors,
  type FormValues,
  fieldsOf,
  formErrors,
  hasErrors,
  isDirty,
  type NewFiles,
  valuesOf,
} from './property-form';

/**
 * The state of a form of a permit's properties: values and files to upload, messages checked on blur and on
 * submit (or given by the server), and whether anything changed. New values from the server (a refetch
 * after someone else's change) replace the form only while it holds no edits.
 */
export function usePropertyForm(properties: readonly StagePropertyValue[]) {
  const fields = useMemo(() => fieldsOf(properties), [properties]);
  const loaded = useMemo(() => valuesOf(properties), [properties]);
  const [initial, setInitial] = useState<FormValues>(loaded);
  const [values, setValues] = useState<FormValues>(loaded);
  const [newFiles, setNewFilesState] = useState<NewFiles>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const latest = useRef({ values, newFiles, initial });
  latest.current = { values, newFiles, initial };

  const dirty = isDirty(fields, initial, values, newFiles);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    setInitial(loaded);
    if (!dirtyRef.current) {
      setValues(loaded);
      setErrors({});
    }
  }, [loaded]);

  const setValue = useCallback((id: string, value: unknown) => {
    setValues((current) => ({ ...current, [id]: value }));
    setErrors((current) => (current[id] ? { ...current, [id]: null } : current));
  }, []);

  const setNewFiles = useCallback(
    (id: string, files: File[]) => {
      setNewFilesState((current) => ({ ...current, [id]: files }));
      const field = fields.find((f) => f.propertyEntryId === id);
      if (field) {
        setErrors((current) => ({ ...current, [id]: fieldError(field, latest.current.values[id], files) }));
      }
    },
    [fields],
  );

  /** Checks one field, as on leaving it. */
  const checkField = useCallback(
    (id: string) => {
      const field = fields.find((f) => f.propertyEntryId === id);
      if (!field) return;
      const { values: now, newFiles: files } = latest.current;
      setErrors((current) => ({ ...current, [id]: fieldError(field, now[id], files[id] ?? []) }));
    },
    [fields],
  );

  /** Checks every field; true when the form may be saved. */
  const validateAll = useCallback(() => {
    const found = formErrors(fields, latest.current.values, latest.current.newFiles);
    setErrors(found);
    return !hasErrors(found);
  }, [fields]);

  /** What a save sends now. */
  const pendingSave = useCallback(
    () => buildSave(fields, latest.current.initial, latest.current.values, latest.current.newFiles),
    [fields],
  );

  /** After a save: the server's values become the form's, and chosen files are gone (uploaded). */
  const saved = useCallback((next: readonly StagePropertyValue[]) => {
    const fresh = valuesOf(next);
    setInitial(fresh);
    setValues(fresh);
    setNewFilesState({});
    setErrors({});
  }, []);

  /** Throws away the edits. */
  const discard = useCallback(() => {
    setValues(latest.current.initial);
    setNewFilesState({});
    setErrors({});
  }, []);

  const showErrors = useCallback((found: FormErrors) => {
    setErrors((current) => ({ ...current, ...found }));
  }, []);

  return {
    fields,
    values,
    newFiles,
    errors,
    dirty,
    setValue,
    setNewFiles,
    checkField,
    validateAll,
    pendingSave,
    saved,
    discard,
    showErrors,
  };
}

export type PropertyFormState = ReturnType<typeof usePropertyForm>;
