import type { UserDetail } from '@crossarm/shared';
import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GenericDialog } from '../../../components/dialogs/GenericDialog';
import { ImagePicker } from '../../../components/forms/ImagePicker';
import { PhoneInput } from '../../../components/forms/PhoneInput';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
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
  const [avatar, setAvatar] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useDirtyFlag('user-profile', opened && (form.dirty || avatar !== null));

  useEffect(() => {
    if (!opened) return;
    reset(profileValues(user));
    setAvatar(null);
  }, [opened, user, reset]);

  const submit = async () => {
    if (!form.validateAll()) return;
    setSaving(true);
    try {
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
    } catch (error) {
      form.showServerErrors(error, 'email');
    } finally {
      setSaving(false);
    }
  };

  return (
    <GenericDialog
      opened={opened}
      onClose={onClose}
      title={`Edit ${fullName(user)}`}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="user-profile-form" loading={saving}>
            Save changes
          </Button>
        </>
      }
    >
      <form
        id="user-profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <ImagePicker
            label="Avatar"
            shape="round"
            currentUrl={user.avatarUrl}
            fallback={initialsOf(user)}
            file={avatar}
            onFileChange={setAvatar}
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
      </form>
    </GenericDialog>
  );
}
