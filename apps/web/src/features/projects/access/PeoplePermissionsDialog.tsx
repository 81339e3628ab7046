import type { ProjectPermission, ProjectUserPermissions } from '@crossarm/shared';
import { Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyApiError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { PermissionChecklist } from '../../admin/components/PermissionChecklist';
import { savePeoplePermissions } from '../setup-api';
import { useFormSubmit } from '../use-form-submit';
import {
  initialPeopleDraft,
  type PeopleDraft,
  peoplePermissionsChange,
  permissionOptionsWithin,
  permissionSummary,
  personName,
} from './project-permissions';

interface PeoplePermissionsDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  organizationId: string;
  /** The people being changed (one, or a selection). */
  users: readonly ProjectUserPermissions[];
  /** The organization's set, which they inherit and cannot go beyond. */
  organization: readonly ProjectPermission[];
  onSaved: (users: ProjectUserPermissions[]) => void;
}

/** Gives people their own, narrower permissions on the project, or returns them to the organization's. */
export function PeoplePermissionsDialog(props: PeoplePermissionsDialogProps) {
  const { opened, onClose, projectId, organizationId, users, organization, onSaved } = props;
  const [draft, setDraft] = useState<PeopleDraft>(() => initialPeopleDraft(users, organization));
  const [start, setStart] = useState(draft);
  const { saving, run } = useFormSubmit(() => undefined);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);
  useDirtyFlag('project-people-permissions', opened && dirty);

  useEffect(() => {
    if (!opened) return;
    const next = initialPeopleDraft(users, organization);
    setDraft(next);
    setStart(next);
  }, [opened, users, organization]);

  const who = users.length === 1 && users[0] ? personName(users[0]) : `${users.length} people`;
  const submit = () =>
    void run(async () => {
      const change = peoplePermissionsChange(
        users.map((user) => user.userId),
        draft,
        organization,
      );
      onSaved(await savePeoplePermissions(projectId, organizationId, change, notifyApiError));
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Project permissions of ${who}`}
      size="lg"
      formId="people-permissions-form"
      submitLabel="Save permissions"
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="md">
        <Radio.Group
          label="Permissions"
          value={draft.mode}
          onChange={(mode) =>
            setDraft((current) => ({ ...current, mode: mode === 'own' ? 'own' : 'inherit' }))
          }
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="inherit"
              label="The organization's permissions"
              description={`Follows the organization: ${permissionSummary(organization)}.`}
            />
            <Radio
              value="own"
              label="Fewer permissions of their own"
              description="A narrower set; it cannot go beyond what the organization holds."
            />
          </Stack>
        </Radio.Group>
        {draft.mode === 'own' ? (
          organization.length ? (
            <PermissionChecklist
              label="Own permissions"
              options={permissionOptionsWithin(organization)}
              value={draft.permissions}
              onChange={(permissions) => setDraft((current) => ({ ...current, permissions }))}
              disabled={saving}
              columns={2}
            />
          ) : (
            <Text size="sm" c="dimmed">
              The organization holds no permissions on this project, so there is nothing to narrow.
            </Text>
          )
        ) : null}
      </Stack>
    </FormDialog>
  );
}
