import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { permitKeys } from '../permits/permit-keys';
import { fetchUserOptions } from '../views/views-api';

/** A picker's filter that keeps every option: the server matched them already (never filter them again). */
export const keepServerMatches = (({ options }) => options) satisfies OptionsFilter;

/**
 * A search of the people the caller may see, by name or email, as the user types: the server matches, so a
 * picker shows its results as they come (never filtering them again, which would hide email matches).
 */
export function usePeopleSearch({ whenEmpty }: { whenEmpty: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery({
    queryKey: permitKeys.bulkAssignPeople(debounced),
    queryFn: ({ signal }) => fetchUserOptions(debounced, signal),
    enabled: whenEmpty || debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const results = whenEmpty || debounced ? (query.data ?? []) : [];
  const details = new Map(
    results.map((person) => [person.id, `${person.email} · ${person.organizationName}`]),
  );
  let nothingFound = 'Nobody matches; search by name or email';
  if (search.trim() !== debounced || query.isFetching) nothingFound = 'Searching…';
  else if (query.isError) nothingFound = 'People could not be loaded; try again in a moment';

  /** A person in the list: the name, with email and organization under it when the search found them. */
  const renderOption = (size: 'xs' | 'sm') =>
    function PersonOption({ option }: { option: ComboboxItem }) {
      return (
        <Stack gap={0}>
          <Text size={size}>{option.label}</Text>
          {details.has(option.value) ? (
            <Text size="xs" c="dimmed">
              {details.get(option.value)}
            </Text>
          ) : null}
        </Stack>
      );
    };

  return {
    search,
    setSearch,
    debounced,
    results,
    nothingFound,
    renderOption,
    /** Every option unfiltered: the server has matched already. */
    keepAll: keepServerMatches,
  };
}
