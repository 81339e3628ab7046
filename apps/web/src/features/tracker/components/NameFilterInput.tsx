import { type ComboboxProps, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { permitKeys } from '../../permits/permit-keys';
import { fetchFilterNames } from '../tracker-api';
import type { NamePicker } from '../tracker-filter';
import { keepServerMatches } from '../use-people-search';

interface NameFilterInputProps {
  /** Where the names come from: the projects or the organizations the caller sees. */
  kind: NamePicker;
  value: string | null;
  onChange: (name: string | null) => void;
  /** The size, label, message and style every value input of the filter builder has. */
  inputProps: Pick<SelectProps, 'size' | 'aria-label' | 'error' | 'style'>;
  /** Where the option list opens. */
  listProps: ComboboxProps;
}

const PLACEHOLDERS: Record<NamePicker, string> = {
  projects: 'Choose a project',
  organizations: 'Choose an organization',
};

/**
 * The value of an 'is' or 'is not' filter on the project or the applicant: a name picked from those the
 * caller sees, searched on the server as the user types, so the value is spelled as the permits have it.
 */
export function NameFilterInput({ kind, value, onChange, inputProps, listProps }: NameFilterInputProps) {
  const [search, setSearch] = useState('');
  // A search that is the chosen name itself lists everything again, as opening the list should.
  const typed = search.trim() === (value ?? '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const query = useQuery({
    queryKey: permitKeys.filterNames(kind, debounced),
    queryFn: ({ signal }) => fetchFilterNames(kind, debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const names = [...new Set((query.data ?? []).map((option) => option.name))];
  // The chosen name stays listed (a saved view's, say), so the input shows it.
  if (value && !names.includes(value)) names.push(value);
  let nothingFound = 'Nothing matches';
  if (typed !== debounced || query.isFetching) nothingFound = 'Searching…';
  else if (query.isError) nothingFound = 'The list could not be loaded; try again in a moment';

  return (
    <Select
      {...inputProps}
      placeholder={PLACEHOLDERS[kind]}
      data={names}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={keepServerMatches}
      nothingFoundMessage={nothingFound}
      comboboxProps={listProps}
    />
  );
}
