import { type UserDetail, validateEmail, validatePhone, validateRequiredText } from '@crossarm/shared';
import type { FormErrors } from '../../lib/forms/use-form-state';

export interface ProfileFormValues extends Record<string, string> {
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  phone: string;
}

export function profileValues(user: UserDetail): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    title: user.title ?? '',
    phone: user.phone ?? '',
  };
}

export function validateProfile(values: ProfileFormValues): FormErrors {
  return {
    firstName: validateRequiredText(values.firstName) ?? undefined,
    lastName: validateRequiredText(values.lastName) ?? undefined,
    email: validateEmail(values.email.trim(), { required: true }) ?? undefined,
    phone: validatePhone(values.phone) ?? undefined,
  };
}

/** The multipart body of a profile save: the fields and the new avatar, if any. */
export function profileFormData(values: ProfileFormValues, avatar: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
  if (avatar) form.append('avatar', avatar);
  return form;
}
