import { formatDateTime, type UserSummary } from '@crossarm/shared';
import { Anchor, Avatar, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { StatusBadge } from '../../../components/StatusBadge';
import { fullName, initialsOf } from '../user-names';

/** The columns of a users table; the organization column is left out of one organization's list. */
export function userColumns(
  pathOf: (user: UserSummary) => string,
  withOrganization: boolean,
): DataTableColumn<UserSummary>[] {
  const columns: DataTableColumn<UserSummary>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (user) => (
        <Group gap="xs" wrap="nowrap">
          <Avatar size={22} radius="xl" name={fullName(user)} color="initials">
            {initialsOf(user)}
          </Avatar>
          <Anchor
            component={Link}
            to={pathOf(user)}
            size="sm"
            fw={500}
            c="var(--mantine-color-bright)"
            truncate="end"
            onClick={(event) => event.stopPropagation()}
          >
            {fullName(user)}
          </Anchor>
        </Group>
      ),
    },
    {
      key: 'email',
      header: 'E-mail',
      sortKey: 'email',
      width: '25%',
      cell: (user) => (
        <Text size="sm" truncate="end" title={user.email}>
          {user.email}
        </Text>
      ),
    },
  ];
  if (withOrganization) {
    columns.push({
      key: 'organization',
      header: 'Organization',
      sortKey: 'organization',
      width: '20%',
      cell: (user) => (
        <Text size="sm" c={user.organizationName ? undefined : 'dimmed'} truncate="end">
          {user.organizationName ?? 'None'}
        </Text>
      ),
    });
  }
  columns.push(
    {
      key: 'role',
      header: 'Role',
      width: 80,
      visibleFrom: 'lg',
      cell: (user) => <Text size="sm">{user.role}</Text>,
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 100,
      cell: (user) => <StatusBadge status={user.status} />,
    },
    {
      key: 'lastSignInAt',
      header: 'Last sign-in',
      sortKey: 'lastSignInAt',
      width: 180,
      visibleFrom: 'lg',
      cell: (user) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}
        </Text>
      ),
    },
  );
  return columns;
}
