import type { Organization } from '@crossarm/shared';
import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { deleteOrganization, organizationKeys, updateOrganization } from '../api';
import { OrganizationFormModal } from './OrganizationFormModal';
import { OrganizationProfileView } from './OrganizationProfileView';

interface OrganizationProfileTabProps {
  organization: Organization;
  canManage: boolean;
}

/** An organization's profile, with Edit and Delete for those who manage organizations. */
export function OrganizationProfileTab({ organization, canManage }: OrganizationProfileTabProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    const sure = await confirm({
      title: 'Delete organization',
      message: `Delete ${organization.name}? This cannot be undone. An organization that still has users cannot be deleted.`,
      confirmLabel: 'Delete',
      confirmColor: 'red',
    });
    if (!sure) return;
    setDeleting(true);
    try {
      await deleteOrganization(organization.id, conflictHandler(`${organization.name} was not deleted`));
      queryClient.removeQueries({ queryKey: organizationKeys.detail(organization.id) });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.lists() });
      notifySuccess('Organization deleted', `${organization.name} was deleted.`);
      navigate('/admin/system/organizations');
    } catch {
      // Shown by the handler.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      {canManage ? (
        <Group justify="flex-end" gap="xs" mb="sm">
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => void remove()}
            loading={deleting}
          >
            Delete
          </Button>
          <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        </Group>
      ) : null}
      <OrganizationProfileView organization={organization} />
      <OrganizationFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        organization={organization}
        title={`Edit ${organization.name}`}
        submitLabel="Save changes"
        save={(form, onError) => updateOrganization(organization.id, form, onError)}
        onSaved={(saved) => {
          setEditing(false);
          queryClient.setQueryData(organizationKeys.detail(saved.id), saved);
          void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
          notifySuccess('Profile saved', `${saved.name} was updated.`);
        }}
      />
    </>
  );
}
