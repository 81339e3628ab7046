import type { UserStatus } from '@crossarm/shared';
import { SegmentedControl } from '@mantine/core';

export const USER_STATUSES: readonly UserStatus[] = ['Active', 'Invited', 'Inactive', 'Deleted'];

interface UserStatusFilterProps {
  value: UserStatus | null;
  onChange: (status: UserStatus | null) => void;
}

/** All (everyone but deleted users) or one status. */
export function UserStatusFilter({ value, onChange }: UserStatusFilterProps) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Status"
      value={value ?? 'All'}
      onChange={(next) => onChange(USER_STATUSES.find((status) => status === next) ?? null)}
      data={['All', ...USER_STATUSES]}
    />
  );
}
