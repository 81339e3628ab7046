import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchOrganizationOptions, projectKeys } from '../api';

interface OrganizationPickerProps {
  value: string | null;
  onChange: (organizationId: string | null) => void;
  /** Organizations not offered (already in the project). */
  exclude: readonly string[];
  error?: string;
}

/** Finds an organization by name as the user types; the server does the matching. */
export function OrganizationPicker({ value, onChange, exclude, error }: OrganizationPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: projectKeys.organizationOptions(debounced),
    queryFn: ({ signal }) => fetchOrganizationOptions(debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = (options.data ?? [])
    .filter((organization) => !exclude.includes(organization.id))
    .map((organization) => ({ value: organization.id, label: organization.name }));
  let nothingFound = 'No other organizations match';
  if (options.isFetching) nothingFound = 'Searching…';
  else if (options.isError) nothingFound = 'Organizations could not be loaded; try again in a moment';

  return (
    <Select
      label="Organization"
      placeholder="Search organizations by name"
      required
      searchable
      data-autofocus
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={nothingFound}
      // The server has filtered already; filtering again here would hide names it matched differently.
      filter={({ options: all }) => all}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
