import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchOrganizations, organizationKeys } from '../../organizations/api';

interface AddMembershipProps {
  /** Organizations the user already belongs to (not offered). */
  memberOf: readonly string[];
  busy: boolean;
  onAdd: (organizationId: string) => Promise<unknown>;
}

/** Picks an organization by name and adds the user to it. */
export function AddMembership({ memberOf, busy, onAdd }: AddMembershipProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: organizationKeys.options(debounced),
    queryFn: ({ signal }) =>
      fetchOrganizations(
        { search: debounced, sortBy: 'name', sortDir: 'asc', page: 1, pageSize: 50 },
        signal,
      ),
  });
  const data = (options.data?.items ?? [])
    .filter((organization) => !memberOf.includes(organization.id))
    .map((organization) => ({ value: organization.id, label: organization.name }));

  return (
    <Group gap="xs" align="flex-end">
      <Select
        size="xs"
        w={300}
        label="Add to an organization"
        placeholder="Search organizations"
        searchable
        data={data}
        value={chosen}
        onChange={setChosen}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={options.isFetching ? 'Searching…' : 'No other organizations match'}
        filter={({ options: all }) => all}
      />
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlus size={14} />}
        disabled={!chosen}
        loading={busy}
        onClick={() => {
          if (!chosen) return;
          onAdd(chosen)
            .then(() => {
              setChosen(null);
              setSearch('');
            })
            .catch(() => {
              // Shown by the API client; the choice stays for another try.
            });
        }}
      >
        Add membership
      </Button>
    </Group>
  );
}
