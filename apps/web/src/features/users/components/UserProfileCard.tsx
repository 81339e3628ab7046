import { formatDateTime, type UserDetail } from '@crossarm/shared';
import { Anchor, DataList, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProfileField } from '../../organizations/components/ProfileField';

interface UserProfileCardProps {
  user: UserDetail;
  /** The role, as text or as the control that changes it. */
  role: ReactNode;
}

/** A user's profile, read only, with the role. */
export function UserProfileCard({ user, role }: UserProfileCardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="sm" fw={600} mb="sm">
        Profile
      </Title>
      <DataList size="sm" gap={6} labelWidth={150}>
        <ProfileField label="E-mail">
          <Anchor href={`mailto:${user.email}`} size="sm">
            {user.email}
          </Anchor>
        </ProfileField>
        <ProfileField label="Title">{user.title}</ProfileField>
        <ProfileField label="Phone">{user.phone}</ProfileField>
        <ProfileField label="Role">{role}</ProfileField>
        <ProfileField label="Working organization">{user.organizationName}</ProfileField>
        <ProfileField label="Second factor">{user.mfaEnrolled ? 'Set up' : 'Not set up'}</ProfileField>
        <ProfileField label="Last sign-in">
          {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}
        </ProfileField>
        <ProfileField label="Created">{formatDateTime(user.createdAt)}</ProfileField>
      </DataList>
    </Paper>
  );
}
