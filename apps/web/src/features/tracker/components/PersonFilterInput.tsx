import { type ComboboxProps, Select } from '@mantine/core';
import type { CSSProperties } from 'react';
import { type PeopleChoice, personOptions } from '../people';
import { usePeopleSearch } from '../use-people-search';

interface PersonFilterInputProps {
  value: string | null;
  onChange: (userId: string | null) => void;
  people: PeopleChoice;
  label: string;
  error?: string;
  style?: CSSProperties;
  /** Where the option list opens. */
  listProps: ComboboxProps;
}

/**
 * The value of a Users filter: the signed-in user and the people of the rows shown at first; typing searches
 * everyone the caller may see by name or email (the server matches).
 */
export function PersonFilterInput({
  value,
  onChange,
  people,
  label,
  error,
  style,
  listProps,
}: PersonFilterInputProps) {
  const people$ = usePeopleSearch({ whenEmpty: false });
  const { results, debounced } = people$;
  const options = personOptions({ choice: people, search: debounced, found: results, value });

  return (
    <Select
      size="xs"
      aria-label={label}
      error={error}
      style={style}
      placeholder="Search people"
      data={options}
      value={value}
      onChange={(next) => {
        const person = results.find((candidate) => candidate.id === next);
        if (person) people.known.set(person.id, person.name);
        onChange(next);
      }}
      searchable
      searchValue={people$.search}
      onSearchChange={people$.setSearch}
      filter={people$.keepAll}
      renderOption={people$.renderOption('xs')}
      nothingFoundMessage={people$.nothingFound}
      comboboxProps={listProps}
    />
  );
}
