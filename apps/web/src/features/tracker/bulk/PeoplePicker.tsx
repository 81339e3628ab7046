import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { usePeopleSearch } from '../use-people-search';

interface PeoplePickerProps {
  value: string[];
  onChange: (userIds: string[]) => void;
  disabled: boolean;
  max: number;
  error?: string | null;
}

/** Finds people the caller may see by name or email as the user types; the server does the matching. */
export function PeoplePicker({ value, onChange, disabled, max, error }: PeoplePickerProps) {
  const people = usePeopleSearch({ whenEmpty: true });
  // Names of people picked earlier stay known, so their pills keep reading after the search changes.
  const [known, setKnown] = useState<Map<string, string>>(() => new Map());
  const found = people.results.map((user) => ({ value: user.id, label: user.name }));
  const foundIds = new Set(found.map((option) => option.value));
  const picked = value
    .filter((id) => !foundIds.has(id))
    .map((id) => ({ value: id, label: known.get(id) ?? 'Someone' }));

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
      renderOption={people.renderOption('sm')}
      value={value}
      onChange={(ids) => {
        const next = new Map(known);
        for (const option of found) next.set(option.value, option.label);
        setKnown(next);
        onChange(ids);
      }}
      searchValue={people.search}
      onSearchChange={people.setSearch}
      nothingFoundMessage={people.nothingFound}
      filter={people.keepAll}
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  );
}
