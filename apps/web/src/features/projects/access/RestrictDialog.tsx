import type { ProjectRestriction } from '@crossarm/shared';
import { Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { useFormState } from '../../../lib/forms/use-form-state';
import { restrictOrganization } from '../setup-api';
import { useFormSubmit } from '../use-form-submit';

interface RestrictDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  organization: { organizationId: string; organizationName: string };
  /** The restriction in force, whose reason the dialog changes; null to restrict. */
  current: ProjectRestriction | null;
  onSaved: (restrictions: ProjectRestriction[]) => void;
}

const MAX_REASON = 1000;
const validate = (values: { reason: string }) => {
  const reason = values.reason.trim();
  if (!reason) return { reason: 'Required' };
  return { reason: reason.length > MAX_REASON ? `At most ${MAX_REASON} characters` : undefined };
};

/** Stops an organization from creating permits on the project, with the reason it is shown. */
export function RestrictDialog(props: RestrictDialogProps) {
  const { opened, onClose, projectId, organization, current, onSaved } = props;
  const form = useFormState({ reason: current?.reason ?? '' }, validate);
  const { reset, showServerErrors } = form;
  const { saving, run } = useFormSubmit((error) => showServerErrors(error));
  useDirtyFlag('restrict-organization', opened && form.dirty);

  useEffect(() => {
    if (opened) reset({ reason: current?.reason ?? '' });
  }, [opened, reset, current]);

  const submit = () => {
    if (!form.validateAll()) return;
    void run(async () => {
      const body = { organizationId: organization.organizationId, reason: form.values.reason.trim() };
      onSaved(await restrictOrganization(projectId, body, notifyUnlessFieldError()));
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={
        current
          ? `Change the restriction of ${organization.organizationName}`
          : `Restrict ${organization.organizationName}`
      }
      size="md"
      formId="restrict-organization-form"
      submitLabel={current ? 'Save reason' : 'Restrict'}
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Its people cannot create permits on this project until the restriction is removed. The reason is
          shown to them, so say what they need to resolve.
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          placeholder="e.g. Insurance certificate expired on March 1; send a current one to resume."
          {...form.field('reason')}
        />
        <Text size="xs" c="dimmed" ta="right">
          {form.values.reason.trim().length} / {MAX_REASON}
        </Text>
      </Stack>
    </FormDialog>
  );
}
