import type { UserStatus } from '@crossarm/shared';
import { Badge, type BadgeProps } from '@mantine/core';

/** What each user status looks like: Active blue, Inactive red, Invited the warning colour, else grey. */
const STATUS_COLORS: Partial<Record<string, string>> = {
  Active: 'blue',
  Inactive: 'red',
  Invited: 'yellow',
} satisfies Partial<Record<UserStatus, string>>;

interface StatusBadgeProps {
  status: UserStatus | string;
  size?: BadgeProps['size'];
}

/** A status as a small light badge in the status's colour (grey for any other status). */
export function StatusBadge({ status, size = 'sm' }: StatusBadgeProps) {
  return (
    <Badge size={size} variant="light" color={STATUS_COLORS[status] ?? 'gray'} radius="sm" tt="none" fw={600}>
      {status}
    </Badge>
  );
}
