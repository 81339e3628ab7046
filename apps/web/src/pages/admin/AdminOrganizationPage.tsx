import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSkeleton } from '../../components/DetailSkeleton';
import { LoadErrorState } from '../../components/LoadErrorState';
import { notifySuccess } from '../../components/notifications/notify-success';
import { useAdminAbilities } from '../../features/admin/use-admin-abilities';
import {
  fetchOwnOrganization,
  fetchOwnSecurity,
  organizationKeys,
  updateOwnOrganization,
} from '../../features/organizations/api';
import { DomainList } from '../../features/organizations/components/DomainList';
import { OrganizationFormModal } from '../../features/organizations/components/OrganizationFormModal';
import { OrganizationHeader } from '../../features/organizations/components/OrganizationHeader';
import { OrganizationProfileView } from '../../features/organizations/components/OrganizationProfileView';
import { sessionKeys } from '../../features/session/api';

const BACK = { label: 'the landing page', to: '/landing' };

/** The caller's organization: its profile (editable with ManageOrganizationInfo) and its allowed domains. */
export function AdminOrganizationPage() {
  const { organization: can } = useAdminAbilities();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: organizationKeys.own(),
    queryFn: ({ signal }) => fetchOwnOrganization(signal),
  });
  const security = useQuery({
    queryKey: organizationKeys.ownSecurity(),
    queryFn: ({ signal }) => fetchOwnSecurity(signal),
  });
  const organization = query.data;

  return (
    <>
      <OrganizationHeader
        organization={organization}
        actions={
          can.manageInfo && organization ? (
            <Button size="sm" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          ) : null
        }
      />
      {query.isError ? (
        <LoadErrorState
          error={query.error}
          noun="organization"
          backTo={BACK}
          onRetry={() => void query.refetch()}
        />
      ) : !organization ? (
        <DetailSkeleton />
      ) : (
        <Stack gap="lg">
          <OrganizationProfileView organization={organization} />
          <Stack gap="xs" maw={720}>
            <div>
              <Title order={2} fz="md" fw={600}>
                Allowed e-mail domains
              </Title>
              <Text size="sm" c="dimmed">
                New users can only be invited with an address at one of these domains. Platform administrators
                maintain this list.
              </Text>
            </div>
            <DomainList domains={security.data?.domains} failed={security.isError} />
          </Stack>
        </Stack>
      )}
      {organization ? (
        <OrganizationFormModal
          opened={editing}
          onClose={() => setEditing(false)}
          organization={organization}
          title="Edit organization profile"
          submitLabel="Save changes"
          save={updateOwnOrganization}
          onSaved={(saved) => {
            setEditing(false);
            queryClient.setQueryData(organizationKeys.own(), saved);
            void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
            void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
            notifySuccess('Profile saved', `${saved.name} was updated.`);
          }}
        />
      ) : null}
    </>
  );
}
