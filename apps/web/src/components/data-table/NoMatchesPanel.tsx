import { Button } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { EmptyStatePanel } from '../EmptyStatePanel';

interface NoMatchesPanelProps {
  /** Plural noun of the rows: 'projects'. */
  noun: string;
  /** What the search looks at, and what else to try. */
  hint: string;
  onClearFilters: () => void;
}

/** A list that is empty only because of its search or filters, with the way back to everything. */
export function NoMatchesPanel({ noun, hint, onClearFilters }: NoMatchesPanelProps) {
  return (
    <EmptyStatePanel
      icon={IconSearch}
      title={`No ${noun} match`}
      description={hint}
      action={
        <Button size="xs" variant="default" onClick={onClearFilters}>
          Clear filters
        </Button>
      }
    />
  );
}
