import type { Organization } from '@crossarm/shared';
import { Stack } from '@mantine/core';
import { useCallback } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { ImagePicker } from '../../../components/forms/ImagePicker';
import { useImageFormDialog } from '../../../components/forms/use-image-form-dialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import type { ApiErrorHandling } from '../../../lib/api/api-client';
import { useFormState } from '../../../lib/forms/use-form-state';
import {
  emptyOrganizationValues,
  organizationFormData,
  organizationValues,
  validateOrganization,
} from '../organization-form';
import { OrganizationFormFields } from './OrganizationFormFields';

interface OrganizationFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization being edited; none when creating one. */
  organization?: Organization;
  title: string;
  submitLabel: string;
  /** Sends the form; resolves with the saved organization. */
  save: (form: FormData, onError: ApiErrorHandling) => Promise<Organization>;
  onSaved: (organization: Organization) => void;
}

/** Create or edit an organization's profile: name, address, contact and logo. */
export function OrganizationFormModal({
  opened,
  onClose,
  organization,
  title,
  submitLabel,
  save,
  onSaved,
}: OrganizationFormModalProps) {
  const form = useFormState(
    organization ? organizationValues(organization) : emptyOrganizationValues,
    validateOrganization,
  );
  const { reset } = form;
  // Each opening starts from the organization as it is now.
  const resetForm = useCallback(
    () => reset(organization ? organizationValues(organization) : emptyOrganizationValues),
    [organization, reset],
  );
  const dialog = useImageFormDialog({
    opened,
    dirtyKey: 'organization-form',
    formDirty: form.dirty,
    resetForm,
    validate: form.validateAll,
    onError: (error) => form.showServerErrors(error, 'name'),
  });

  const submit = () =>
    dialog.submit(async (logo) => {
      onSaved(await save(organizationFormData(form.values, logo), notifyUnlessFieldError('name')));
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      formId="organization-form"
      submitLabel={submitLabel}
      busy={dialog.saving}
      onSubmit={() => void submit()}
    >
      <Stack gap="md">
        <ImagePicker
          label="Logo"
          currentUrl={organization?.logoUrl ?? null}
          file={dialog.image}
          onFileChange={dialog.setImage}
          error={form.errors.logo}
          onError={(message) => form.setError('logo', message)}
        />
        <OrganizationFormFields field={form.field} />
      </Stack>
    </FormDialog>
  );
}
