import type { LibraryEntry } from '@crossarm/shared';
import { Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

interface LibraryPickerProps {
  /** Names the picker: 'Add a stage'. */
  label: string;
  entries: LibraryEntry[];
  /** Entries not offered (already placed where that is not allowed twice). */
  exclude?: ReadonlySet<string>;
  onPick: (entry: LibraryEntry) => void;
  loading?: boolean;
}

/** Finds a library entry by name as the user types and adds it; the picker empties itself again. */
export function LibraryPicker({ label, entries, exclude, onPick, loading = false }: LibraryPickerProps) {
  const [search, setSearch] = useState('');
  const data = entries
    .filter((entry) => !exclude?.has(entry.id))
    .map((entry) => ({ value: entry.id, label: entry.name }));
  return (
    <Select
      aria-label={label}
      placeholder={loading ? 'Loading the library…' : `${label}…`}
      size="xs"
      leftSection={<IconPlus size={14} />}
      searchable
      clearable={false}
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const entry = entries.find((candidate) => candidate.id === id);
        if (entry) onPick(entry);
        setSearch('');
      }}
      nothingFoundMessage={entries.length === 0 ? 'The library has no active entries' : 'No entry matches'}
      comboboxProps={{ withinPortal: true }}
      maw={320}
    />
  );
}
