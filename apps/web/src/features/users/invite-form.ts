import { validateEmail, validatePhone, validateRequiredText } from '@crossarm/shared';
import type { FormErrors } from '../../lib/forms/use-form-state';

export interface InviteFormValues extends Record<string, string> {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
}

export const emptyInviteValues: InviteFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  title: '',
  phone: '',
};

export function validateInvite(values: InviteFormValues): FormErrors {
  return {
    email: validateEmail(values.email.trim(), { required: true }) ?? undefined,
    firstName: validateRequiredText(values.firstName) ?? undefined,
    lastName: validateRequiredText(values.lastName) ?? undefined,
    phone: validatePhone(values.phone) ?? undefined,
  };
}
