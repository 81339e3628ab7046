import { MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { permitKeys } from '../../permits/permit-keys';
import { fetchUserOptions } from '../../views/views-api';

interface PeoplePickerProps {
  value: string[];
  onChange: (userIds: string[]) => void;
  disabled: boolean;
  max: number;
  error?: string | null;
}

/** Finds people the caller may see by name or email as the user types; the server does the matching. */
export function PeoplePicker({ value, onChange, disabled, max, error }: PeoplePickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Names of people picked earlier stay known, so their pills keep reading after the search changes.
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());
  const options = useQuery({
    queryKey: permitKeys.bulkAssignPeople(debounced.trim()),
    queryFn: ({ signal }) => fetchUserOptions(debounced, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const found = (options.data ?? []).map((user) => ({ value: user.id, label: user.name }));
  const details = new Map(
    (options.data ?? []).map((user) => [user.id, `${user.email} · ${user.organizationName}`]),
  );
  const foundIds = new Set(found.map((option) => option.value));
  const picked = value
    .filter((id) => !foundIds.has(id))
    .map((id) => ({ value: id, label: known.get(id) ?? 'Someone' }));
  let nothingFound = 'Nobody matches; search by name or email';
  if (options.isFetching) nothingFound = 'Searching…';
  else if (options.isError) nothingFound = 'People could not be loaded; try again in a moment';

  return (
    <MultiSelect
      label="People"
      placeholder={value.length === 0 ? 'Search people by name or email' : undefined}
      required
      searchable
      clearable
      maxValues={max}
      disabled={disabled}
      data={[...found, ...picked]}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {details.has(option.value) ? (
            <Text size="xs" c="dimmed">
              {details.get(option.value)}
            </Text>
          ) : null}
        </Stack>
      )}
      value={value}
      onChange={(ids) => {
        const next = new Map(known);
        for (const option of found) next.set(option.value, option.label);
        setKnown(next);
        onChange(ids);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={nothingFound}
      // The server has filtered already; filtering again here would hide people it matched by email.
      filter={({ options: all }) => all}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
