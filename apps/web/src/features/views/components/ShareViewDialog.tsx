import { type CustomView, grantsKey } from '@crossarm/shared';
import { ActionIcon, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconUser, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { fetchOrganizationOptions } from '../../projects/api';
import { useFormSubmit } from '../../projects/use-form-submit';
import { useSession } from '../../session/use-session';
import { permissionsOf, type ShareRow, trackerStateOfView, viewInputOf } from '../view-state';
import { fetchUserOptions, overwriteView, viewGoneOr, viewKeys } from '../views-api';

interface ShareViewDialogProps {
  opened: boolean;
  onClose: () => void;
  view: CustomView;
  onSaved: (view: CustomView) => void;
}

const LEVELS = [
  { value: 'Manage', label: 'Manage' },
  { value: 'Edit', label: 'Edit' },
  { value: 'View', label: 'View' },
];

/** People to share with whose name matches what the user types. */
function useUserOptions(search: string) {
  const [filter] = useDebouncedValue(search, 250);
  return useQuery({
    queryKey: viewKeys.userOptions(filter),
    queryFn: ({ signal }) => fetchUserOptions(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Organizations to share with whose name matches what the user types. */
function useOrganizationOptions(search: string) {
  const [filter] = useDebouncedValue(search, 250);
  return useQuery({
    queryKey: viewKeys.organizationOptions(filter),
    // Only those the view may be shared with: the caller's own and those it shares projects with.
    queryFn: ({ signal }) => fetchOrganizationOptions(filter, signal, { related: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Who a view is shared with, and at which level: Manage (share, delete), Edit (overwrite) or View. */
export function ShareViewDialog({ opened, onClose, view, onSaved }: ShareViewDialogProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<ShareRow[]>([]);
  const [userSearch, setUserSearch] = useState('');
  const [orgSearch, setOrgSearch] = useState('');
  const users = useUserOptions(userSearch);
  const organizations = useOrganizationOptions(orgSearch);
  const everyone = useUserOptions('');
  const allOrganizations = useOrganizationOptions('');
  const { saving, run } = useFormSubmit(() => undefined);

  // Names for grants the view names without one (the answer names each grant), from the unfiltered pickers.
  const names = useMemo(() => {
    const known = new Map<string, string>();
    for (const option of [...(everyone.data ?? []), ...(allOrganizations.data ?? [])])
      known.set(option.id, option.name);
    known.set(session.user.id, `${session.user.firstName} ${session.user.lastName}`.trim());
    return known;
  }, [everyone.data, allOrganizations.data, session.user]);

  useEffect(() => {
    if (!opened) return;
    setRows([
      ...view.permissions.users.flatMap((user): ShareRow[] =>
        user.permission === 'None'
          ? []
          : [{ kind: 'user', id: user.userId, name: user.name ?? '', permission: user.permission }],
      ),
      ...view.permissions.organizations.flatMap((org): ShareRow[] =>
        org.permission === 'None'
          ? []
          : [{ kind: 'organization', id: org.id, name: org.name ?? '', permission: org.permission }],
      ),
    ]);
  }, [opened, view]);

  // Grants changed and not yet saved are an unsaved change: leaving the page asks first.
  useDirtyFlag(
    'share-view',
    opened && rows.length > 0 && grantsKey(permissionsOf(rows)) !== grantsKey(view.permissions),
  );

  const nameOf = (row: ShareRow) =>
    row.name || names.get(row.id) || (row.kind === 'user' ? 'A person' : 'An organization');
  const add = (kind: ShareRow['kind'], id: string | null, name: string) => {
    if (!id || rows.some((row) => row.kind === kind && row.id === id)) return;
    setRows((current) => [...current, { kind, id, name, permission: 'View' }]);
  };
  const taken = new Set(rows.map((row) => row.id));

  const submit = () =>
    void run(async () => {
      const body = viewInputOf(trackerStateOfView(view), {
        name: view.name,
        description: view.description,
        permissions: permissionsOf(rows),
      });
      const saved = await overwriteView(
        view.id,
        body,
        viewGoneOr(queryClient, `Sharing of ${view.name} was not saved`),
      );
      notifySuccess('View shared', `Sharing of ${saved.name} saved.`);
      onSaved(saved);
    });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Share ${view.name}`}
      size="lg"
      formId="share-view-form"
      submitLabel="Save sharing"
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Manage lets people share and delete the view, Edit lets them overwrite it, View lets them open it.
          People added here are told about the view.
        </Text>
        <Group grow align="flex-start">
          <Select
            label="Add a person"
            placeholder="Search people by name"
            searchable
            clearable
            value={null}
            searchValue={userSearch}
            onSearchChange={setUserSearch}
            // The server has matched the names already; filtering again would hide what it found.
            filter={({ options }) => options}
            nothingFoundMessage={users.isFetching ? 'Searching…' : 'Nobody matches'}
            data={(users.data ?? [])
              .filter((user) => !taken.has(user.id))
              .map((user) => ({ value: user.id, label: `${user.name} (${user.organizationName})` }))}
            onChange={(id) => {
              const user = users.data?.find((option) => option.id === id);
              add('user', id, user?.name ?? '');
              setUserSearch('');
            }}
          />
          <Select
            label="Add an organization"
            placeholder="Search organizations"
            searchable
            clearable
            value={null}
            searchValue={orgSearch}
            onSearchChange={setOrgSearch}
            filter={({ options }) => options}
            nothingFoundMessage={organizations.isFetching ? 'Searching…' : 'No organization matches'}
            data={(organizations.data ?? [])
              .filter((org) => !taken.has(org.id))
              .map((org) => ({ value: org.id, label: org.name }))}
            onChange={(id) => {
              const org = organizations.data?.find((option) => option.id === id);
              add('organization', id, org?.name ?? '');
              setOrgSearch('');
            }}
          />
        </Group>
        <Table verticalSpacing={4} striped={false} withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shared with</Table.Th>
              <Table.Th w={140}>Permission</Table.Th>
              <Table.Th w={40} aria-label="Remove" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const isOwner = row.kind === 'user' && row.id === view.ownerUserId;
              return (
                <Table.Tr key={`${row.kind}:${row.id}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {row.kind === 'user' ? <IconUser size={14} /> : <IconBuilding size={14} />}
                      <Text size="sm">{nameOf(row)}</Text>
                      {isOwner ? (
                        <Text size="xs" c="dimmed">
                          Owner
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`Permission of ${nameOf(row)}`}
                      data={LEVELS}
                      value={row.permission}
                      disabled={isOwner}
                      allowDeselect={false}
                      onChange={(value) =>
                        setRows((current) =>
                          current.map((r) =>
                            r === row ? { ...r, permission: (value ?? 'View') as ShareRow['permission'] } : r,
                          ),
                        )
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Stop sharing with ${nameOf(row)}`}
                      disabled={isOwner}
                      onClick={() => setRows((current) => current.filter((r) => r !== row))}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </FormDialog>
  );
}
