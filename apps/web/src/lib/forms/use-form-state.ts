import { useCallback, useMemo, useRef, useState } from 'react';
import { fieldErrorsOf } from './field-errors';

type Values = Record<string, string>;
export type FormErrors = Partial<Record<string, string>>;
export type FormValidator<T extends Values> = (values: T) => FormErrors;

/** What a text input needs from the form: its value, change and blur handlers, and its message. */
export interface FieldProps {
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onBlur: () => void;
  error?: string;
}

/**
 * The state of a small text form: values, messages under the fields (checked on blur and on submit, or
 * given by the server), and whether anything changed since the form was filled.
 */
export function useFormState<T extends Values>(initial: T, validate: FormValidator<T>) {
  const [start, setStart] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const latest = useRef(values);
  latest.current = values;

  const setValue = useCallback((key: keyof T & string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }, []);

  const checkField = useCallback(
    (key: string) => {
      const message = validate(latest.current)[key];
      setErrors((previous) => ({ ...previous, [key]: message }));
    },
    [validate],
  );

  /** Checks every field; true when the form may be sent. */
  const validateAll = useCallback((): boolean => {
    const found = validate(latest.current);
    setErrors(found);
    return Object.values(found).every((message) => !message);
  }, [validate]);

  /** Shows the field problems of a failed call; true when there were any. */
  const showServerErrors = useCallback((error: unknown, conflictField?: string): boolean => {
    const found = fieldErrorsOf(error, conflictField);
    if (Object.keys(found).length === 0) return false;
    setErrors((current) => ({ ...current, ...found }));
    return true;
  }, []);

  /** Sets a message under a field (or any other key, e.g. an image). */
  const setError = useCallback((key: string, message: string | undefined) => {
    setErrors((current) => ({ ...current, [key]: message }));
  }, []);

  const reset = useCallback((next: T) => {
    setStart(next);
    setValues(next);
    setErrors({});
  }, []);

  const dirty = useMemo(() => Object.keys(values).some((key) => values[key] !== start[key]), [values, start]);

  const field = (key: keyof T & string, transform?: (value: string) => string): FieldProps => ({
    value: values[key] ?? '',
    onChange: (event) => {
      const raw = event.currentTarget.value;
      setValue(key, transform ? transform(raw) : raw);
    },
    onBlur: () => checkField(key),
    error: errors[key],
  });

  return { values, errors, setError, setValue, field, validateAll, showServerErrors, reset, dirty };
}
