import type { OrganizationPermission, UserDetail, UserRole } from '@crossarm/shared';
import { Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { useFormState } from '../../../lib/forms/use-form-state';
import { PermissionChecklist } from '../../admin/components/PermissionChecklist';
import { organizationPermissionOptions } from '../../admin/permission-labels';
import { inviteUser, type UserScope } from '../api';
import { emptyInviteValues, validateInvite } from '../invite-form';

interface InviteUserModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization the user joins (a system scope) or the caller's own. */
  scope: UserScope;
  /** Named in the dialog's title. */
  organizationName?: string;
  onInvited: (user: UserDetail) => void;
}

const DEFAULT_PERMISSIONS: OrganizationPermission[] = ['ViewOrganizationInfo'];

/** Invite someone into an organization: who they are, their role and their organization permissions. */
export function InviteUserModal({
  opened,
  onClose,
  scope,
  organizationName,
  onInvited,
}: InviteUserModalProps) {
  const form = useFormState(emptyInviteValues, validateInvite);
  const [role, setRole] = useState<UserRole>('User');
  const [permissions, setPermissions] = useState<OrganizationPermission[]>(DEFAULT_PERMISSIONS);
  const [sending, setSending] = useState(false);
  const { reset } = form;
  useDirtyFlag('invite-user', opened && form.dirty);

  useEffect(() => {
    if (!opened) return;
    reset(emptyInviteValues);
    setRole('User');
    setPermissions(DEFAULT_PERMISSIONS);
  }, [opened, reset]);

  const submit = async () => {
    if (!form.validateAll()) return;
    setSending(true);
    const v = form.values;
    try {
      const invited = await inviteUser(
        scope,
        {
          email: v.email.trim(),
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          title: v.title.trim() || null,
          phone: v.phone.trim() || null,
          role,
          organizationPermissions: permissions,
        },
        notifyUnlessFieldError('email'),
      );
      onInvited(invited);
    } catch (error) {
      form.showServerErrors(error, 'email');
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={organizationName ? `Invite a user to ${organizationName}` : 'Invite a user'}
      formId="invite-user-form"
      submitLabel="Send invitation"
      busy={sending}
      onSubmit={() => void submit()}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          They get an e-mail with a link to choose a password; the link works once.
        </Text>
        <TextInput
          label="E-mail"
          type="email"
          required
          data-autofocus
          autoComplete="off"
          {...form.field('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First name" required {...form.field('firstName')} />
          <TextInput label="Last name" required {...form.field('lastName')} />
          <TextInput label="Title" {...form.field('title')} />
          <PhoneInput label="Phone" {...form.field('phone')} />
        </SimpleGrid>
        <Input.Wrapper label="Role">
          <div>
            <SegmentedControl
              size="xs"
              mt={4}
              value={role}
              onChange={(next) => setRole(next === 'Admin' ? 'Admin' : 'User')}
              data={['User', 'Admin']}
              aria-label="Role"
            />
          </div>
        </Input.Wrapper>
        <PermissionChecklist
          label="Organization permissions"
          options={organizationPermissionOptions}
          value={permissions}
          onChange={setPermissions}
          columns={2}
        />
      </Stack>
    </FormDialog>
  );
}
