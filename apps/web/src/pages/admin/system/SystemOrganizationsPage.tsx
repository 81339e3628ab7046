import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/notifications/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useAdminAbilities } from '../../../features/admin/use-admin-abilities';
import { createOrganization, organizationKeys } from '../../../features/organizations/api';
import { OrganizationFormModal } from '../../../features/organizations/components/OrganizationFormModal';
import { OrganizationsList } from '../../../features/organizations/components/OrganizationsList';

/** Organizations: every organization on the platform. */
export function SystemOrganizationsPage() {
  const { system } = useAdminAbilities();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const create = system.manageOrganizations ? () => setCreating(true) : undefined;
  return (
    <>
      <PageHeader
        title="Organizations"
        description="Pole owners and attachers on the platform, their users and applications."
        actions={
          create ? (
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={create}>
              New organization
            </Button>
          ) : null
        }
      />
      <OrganizationsList onCreate={create} />
      <OrganizationFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New organization"
        submitLabel="Create organization"
        save={createOrganization}
        onSaved={(organization) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
          notify({
            type: 'success',
            title: 'Organization created',
            message: `${organization.name} was added.`,
            actions: [
              { label: 'Open', onClick: () => navigate(`/admin/system/organizations/${organization.id}`) },
            ],
          });
        }}
      />
    </>
  );
}
