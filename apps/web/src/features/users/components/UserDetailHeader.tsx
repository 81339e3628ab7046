import type { UserDetail } from '@crossarm/shared';
import { Anchor, Avatar, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { useApiImage } from '../../../components/use-api-image';
import { fullName, initialsOf } from '../user-names';

interface UserDetailHeaderProps {
  /** Undefined while it loads. */
  user: UserDetail | undefined;
  backTo: { label: string; to: string };
  actions?: ReactNode;
}

/** The top of a user's page: breadcrumb, avatar, name, e-mail address, status and the actions. */
export function UserDetailHeader({ user, backTo, actions }: UserDetailHeaderProps) {
  const avatar = useApiImage(user?.avatarUrl);
  return (
    <Stack gap={6} mb="md">
      <Breadcrumbs separatorMargin={6} fz="sm" aria-label="Breadcrumb">
        <Anchor component={Link} to={backTo.to} size="sm">
          {backTo.label}
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {user ? fullName(user) : '…'}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" wrap="nowrap" gap="md" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {user ? (
            <Avatar src={avatar} size={44} radius="xl" name={fullName(user)} color="initials" alt="">
              {initialsOf(user)}
            </Avatar>
          ) : (
            <Skeleton circle height={44} />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {user ? (
              <Group gap="xs" wrap="nowrap">
                <Title order={1} fz="h3" c="var(--mantine-color-bright)" lh={1.25} lineClamp={1}>
                  {fullName(user)}
                </Title>
                <StatusBadge status={user.status} />
              </Group>
            ) : (
              <Skeleton height={22} width={240} />
            )}
            {user ? (
              <Text size="sm" c="dimmed" truncate="end">
                {[user.email, user.title, user.organizationName].filter(Boolean).join(' · ')}
              </Text>
            ) : (
              <Skeleton height={12} width={200} mt={4} />
            )}
          </Stack>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
