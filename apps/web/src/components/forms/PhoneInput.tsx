import { formatPhone, PHONE_MASK } from '@crossarm/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldProps } from '../../lib/forms/use-form-state';

type PhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & FieldProps;

/** A phone number typed into the '(###) ###-####' mask: digits are placed as they are typed. */
export function PhoneInput({ value, onChange, onBlur, error, ...props }: PhoneInputProps) {
  return (
    <TextInput
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={PHONE_MASK}
      maxLength={PHONE_MASK.length}
      value={value}
      onChange={(event) => onChange({ currentTarget: { value: formatPhone(event.currentTarget.value) } })}
      onBlur={onBlur}
      error={error}
    />
  );
}
