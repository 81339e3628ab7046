import {
  type Organization,
  validateEmail,
  validatePhone,
  validateRequiredText,
  validateUrl,
} from '@crossarm/shared';
import type { FormErrors } from '../../lib/forms/use-form-state';

/** The text fields of an organization's profile, as the form holds them. */
export interface OrganizationFormValues extends Record<string, string> {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
}

export const emptyOrganizationValues: OrganizationFormValues = {
  name: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  website: '',
};

export function organizationValues(organization: Organization): OrganizationFormValues {
  const values = { ...emptyOrganizationValues };
  for (const key of Object.keys(values) as (keyof OrganizationFormValues)[]) {
    values[key] = (organization[key as keyof Organization] as string | null) ?? '';
  }
  return values;
}

const LIMITS: Record<string, number> = {
  name: 200,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
  contactName: 200,
  contactEmail: 254,
  website: 300,
};

/** The same checks the server makes, so most problems show before sending. */
export function validateOrganization(values: OrganizationFormValues): FormErrors {
  const errors: FormErrors = {
    name: validateRequiredText(values.name) ?? undefined,
    contactEmail: validateEmail(values.contactEmail.trim()) ?? undefined,
    contactPhone: validatePhone(values.contactPhone) ?? undefined,
    website: validateUrl(values.website.trim()) ?? undefined,
  };
  for (const [key, max] of Object.entries(LIMITS)) {
    if (!errors[key] && (values[key]?.trim().length ?? 0) > max) errors[key] = `At most ${max} characters`;
  }
  return errors;
}

/** The multipart body of a profile save: every text field (blank clears it) and the new logo, if any. */
export function organizationFormData(values: OrganizationFormValues, logo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
  if (logo) form.append('logo', logo);
  return form;
}
