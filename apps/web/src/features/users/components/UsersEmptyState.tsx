import { Button } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

interface UsersEmptyStateProps {
  filtered: boolean;
  onClearFilters: () => void;
  onInvite?: () => void;
}

/** What an empty users list is for, and its first action. */
export function UsersEmptyState({ filtered, onClearFilters, onInvite }: UsersEmptyStateProps) {
  if (filtered) {
    return (
      <NoMatchesPanel
        noun="users"
        hint="Search looks at names, e-mail addresses and organizations. Try another search or status."
        onClearFilters={onClearFilters}
      />
    );
  }
  return (
    <EmptyStatePanel
      icon={IconUsers}
      title="No users yet"
      description="People join by invitation: they get an e-mail with a link to choose their password."
      action={
        onInvite ? (
          <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={onInvite}>
            Invite a user
          </Button>
        ) : null
      }
    />
  );
}
