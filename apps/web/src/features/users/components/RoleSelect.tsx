import type { UserDetail, UserRole } from '@crossarm/shared';
import { Select } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { setUserRole, userKeys } from '../api';
import { fullName } from '../user-names';

interface RoleSelectProps {
  user: UserDetail;
  disabled: boolean;
}

const ROLES: { value: UserRole; label: string }[] = [
  { value: 'User', label: 'User' },
  { value: 'Admin', label: 'Admin' },
];

/** The user's role; a change is saved at once. */
export function RoleSelect({ user, disabled }: RoleSelectProps) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (role: UserRole) => setUserRole(user.id, role),
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.detail('system', user.id), saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      notifySuccess(
        'Role saved',
        `${fullName(saved)} is now ${saved.role === 'Admin' ? 'an Admin' : 'a User'}.`,
      );
    },
  });
  return (
    <Select
      size="xs"
      w={140}
      aria-label="Role"
      data={ROLES}
      value={save.isPending && save.variables ? save.variables : user.role}
      onChange={(value) => {
        const role = ROLES.find((r) => r.value === value)?.value;
        if (role && role !== user.role) save.mutate(role);
      }}
      allowDeselect={false}
      disabled={disabled || save.isPending}
    />
  );
}
