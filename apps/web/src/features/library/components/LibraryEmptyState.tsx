import type { LibraryKind } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconBooks, IconPlus, IconSearch } from '@tabler/icons-react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
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
      <EmptyStatePanel
        icon={IconSearch}
        maw={460}
        title={`No ${text.plural.toLowerCase()} match`}
        description="Try another search, or look at all statuses."
        action={
          <Button size="xs" variant="default" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyStatePanel
      icon={IconBooks}
      maw={460}
      title={`No ${text.plural.toLowerCase()} yet`}
      description={`${text.purpose} ${canManage ? '' : 'An administrator with the ManageLibrary permission can add them.'}`}
      action={
        canManage ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            New {text.singular}
          </Button>
        ) : null
      }
    />
  );
}
