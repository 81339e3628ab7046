import { Button, EmptyState } from '@mantine/core';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';

interface UsersEmptyStateProps {
  filtered: boolean;
  onClearFilters: () => void;
  onInvite?: () => void;
}

/** What an empty users list is for, and its first action. */
export function UsersEmptyState({ filtered, onClearFilters, onInvite }: UsersEmptyStateProps) {
  if (filtered) {
    return (
      <EmptyState
        py={40}
        maw={440}
        mx="auto"
        icon={<IconSearch size={24} stroke={1.5} />}
        withIndicatorBackground
      >
        <EmptyState.Title order={3}>No users match</EmptyState.Title>
        <EmptyState.Description>
          Search looks at names, e-mail addresses and organizations. Try another search or status.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button size="xs" variant="default" onClick={onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      py={40}
      maw={440}
      mx="auto"
      icon={<IconUsers size={24} stroke={1.5} />}
      withIndicatorBackground
    >
      <EmptyState.Title order={3}>No users yet</EmptyState.Title>
      <EmptyState.Description>
        People join by invitation: they get an e-mail with a link to choose their password.
      </EmptyState.Description>
      {onInvite ? (
        <EmptyState.Actions>
          <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={onInvite}>
            Invite a user
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
