import type { Organization } from '@crossarm/shared';
import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { GenericDialog } from '../../../components/dialogs/GenericDialog';
import { ImagePicker } from '../../../components/forms/ImagePicker';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
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
  const [logo, setLogo] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useDirtyFlag('organization-form', opened && (form.dirty || logo !== null));

  // Each opening starts from the organization as it is now.
  useEffect(() => {
    if (!opened) return;
    reset(organization ? organizationValues(organization) : emptyOrganizationValues);
    setLogo(null);
  }, [opened, organization, reset]);

  const submit = async () => {
    if (!form.validateAll()) return;
    setSaving(true);
    try {
      const saved = await save(organizationFormData(form.values, logo), notifyUnlessFieldError('name'));
      onSaved(saved);
    } catch (error) {
      form.showServerErrors(error, 'name');
    } finally {
      setSaving(false);
    }
  };

  return (
    <GenericDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="organization-form" loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id="organization-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <ImagePicker
            label="Logo"
            currentUrl={organization?.logoUrl ?? null}
            file={logo}
            onFileChange={setLogo}
            error={form.errors.logo}
            onError={(message) => form.setError('logo', message)}
          />
          <OrganizationFormFields field={form.field} />
        </Stack>
      </form>
    </GenericDialog>
  );
}
