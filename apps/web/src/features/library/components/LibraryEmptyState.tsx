import type { LibraryKind } from '@crossarm/shared';
import { Button, EmptyState } from '@mantine/core';
import { IconBooks, IconPlus, IconSearch } from '@tabler/icons-react';
import { kindText } from '../library-kinds';

interface LibraryEmptyStateProps {
  kind: LibraryKind;
  /** True when a search or a status filter hides entries. */
  filtered: boolean;
  canManage: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
}

/** What an empty tab is for, and its first action. */
export function LibraryEmptyState({
  kind,
  filtered,
  canManage,
  onCreate,
  onClearFilters,
}: LibraryEmptyStateProps) {
  const text = kindText[kind];
  if (filtered) {
    return (
      <EmptyState
        py={48}
        px="md"
        maw={460}
        mx="auto"
        icon={<IconSearch size={26} stroke={1.5} />}
        withIndicatorBackground
      >
        <EmptyState.Title order={3}>No {text.plural.toLowerCase()} match</EmptyState.Title>
        <EmptyState.Description>Try another search, or look at all statuses.</EmptyState.Description>
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
      py={48}
      px="md"
      maw={460}
      mx="auto"
      icon={<IconBooks size={26} stroke={1.5} />}
      withIndicatorBackground
    >
      <EmptyState.Title order={3}>No {text.plural.toLowerCase()} yet</EmptyState.Title>
      <EmptyState.Description>
        {text.purpose} {canManage ? '' : 'An administrator with the ManageLibrary permission can add them.'}
      </EmptyState.Description>
      {canManage ? (
        <EmptyState.Actions>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            New {text.singular}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
