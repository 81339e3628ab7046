import { Select, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { useFormState } from '../../../lib/forms/use-form-state';
import { addContributor, type Contributor } from '../api';
import { ROLE_DESCRIPTIONS, ROLE_OPTIONS } from '../project-labels';
import { useFormSubmit } from '../use-form-submit';
import { OrganizationPicker } from './OrganizationPicker';

interface AddContributorModalProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  projectName: string;
  /** Organizations already in the project (not offered). */
  present: readonly string[];
  /** With the contributors after the addition and the name of the one added. */
  onAdded: (contributors: Contributor[], name: string) => void;
}

const EMPTY = { organizationId: '', role: 'AttacherOrg' };
const validate = (values: typeof EMPTY) => ({
  organizationId: values.organizationId ? undefined : 'Choose an organization',
});
const roleOf = (value: string | null) => ROLE_OPTIONS.find((option) => option.value === value)?.value;

/** Adds an organization to the project with its role; attacher is the usual choice. */
export function AddContributorModal(props: AddContributorModalProps) {
  const { opened, onClose, projectId, projectName, present, onAdded } = props;
  const form = useFormState(EMPTY, validate);
  const { reset, showServerErrors } = form;
  // A 409 (already taking part) reads under the organization, in the server's words.
  const { saving, run } = useFormSubmit((error) => showServerErrors(error, 'organizationId'));
  const role = roleOf(form.values.role) ?? 'AttacherOrg';
  useDirtyFlag('add-contributor', opened && form.dirty);

  useEffect(() => {
    if (opened) reset(EMPTY);
  }, [opened, reset]);

  const submit = () => {
    if (!form.validateAll()) return;
    const { organizationId } = form.values;
    void run(async () => {
      const contributors = await addContributor(
        projectId,
        { organizationId, role },
        notifyUnlessFieldError('organizationId'),
      );
      const added = contributors.find((c) => c.organizationId === organizationId);
      onAdded(contributors, added?.organizationName ?? 'The organization');
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Add an organization to ${projectName}`}
      size="md"
      formId="add-contributor-form"
      submitLabel="Add organization"
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Its people will see this project from then on.
        </Text>
        <OrganizationPicker
          value={form.values.organizationId || null}
          onChange={(next) => form.setValue('organizationId', next ?? '')}
          exclude={present}
          error={form.errors.organizationId}
        />
        <Select
          label="Role"
          description={ROLE_DESCRIPTIONS[role]}
          data={ROLE_OPTIONS}
          value={role}
          onChange={(next) => form.setValue('role', roleOf(next) ?? 'AttacherOrg')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={form.errors.role}
        />
      </Stack>
    </FormDialog>
  );
}
