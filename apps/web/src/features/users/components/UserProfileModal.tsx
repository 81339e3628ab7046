import type { UserDetail } from '@crossarm/shared';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { ImagePicker } from '../../../components/forms/ImagePicker';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import { useImageFormDialog } from '../../../components/forms/use-image-form-dialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useFormState } from '../../../lib/forms/use-form-state';
import { updateUserProfile, userKeys } from '../api';
import { profileFormData, profileValues, validateProfile } from '../profile-form';
import { fullName, initialsOf } from '../user-names';

interface UserProfileModalProps {
  opened: boolean;
  onClose: () => void;
  scope: 'system' | 'own';
  user: UserDetail;
}

/** Edit a user's name, e-mail address, title, phone and avatar. */
export function UserProfileModal({ opened, onClose, scope, user }: UserProfileModalProps) {
  const queryClient = useQueryClient();
  const form = useFormState(profileValues(user), validateProfile);
  const { reset } = form;
  const resetForm = useCallback(() => reset(profileValues(user)), [user, reset]);
  const dialog = useImageFormDialog({
    opened,
    dirtyKey: 'user-profile',
    formDirty: form.dirty,
    resetForm,
    validate: form.validateAll,
    onError: (error) => form.showServerErrors(error, 'email'),
  });

  const submit = () =>
    dialog.submit(async (avatar) => {
      const saved = await updateUserProfile(
        scope,
        user.id,
        profileFormData(form.values, avatar),
        notifyUnlessFieldError('email'),
      );
      queryClient.setQueryData(userKeys.detail(scope, user.id), saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess('Profile saved', `${fullName(saved)} was updated.`);
      onClose();
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Edit ${fullName(user)}`}
      size="md"
      formId="user-profile-form"
      submitLabel="Save changes"
      busy={dialog.saving}
      onSubmit={() => void submit()}
    >
      <Stack gap="sm">
        <ImagePicker
          label="Avatar"
          shape="round"
          currentUrl={user.avatarUrl}
          fallback={initialsOf(user)}
          file={dialog.image}
          onFileChange={dialog.setImage}
          error={form.errors.avatar}
          onError={(message) => form.setError('avatar', message)}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="First name" required data-autofocus {...form.field('firstName')} />
          <TextInput label="Last name" required {...form.field('lastName')} />
        </SimpleGrid>
        <TextInput label="E-mail" type="email" required {...form.field('email')} />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label="Title" {...form.field('title')} />
          <PhoneInput label="Phone" {...form.field('phone')} />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}
