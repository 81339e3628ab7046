import type { LibraryKind } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconBooks, IconPlus } from '@tabler/icons-react';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
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
      <NoMatchesPanel
        noun={text.plural.toLowerCase()}
        hint="Try another search, or look at all statuses."
        onClearFilters={onClearFilters}
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
