import type { ProjectPermission } from '@crossarm/shared';
import { Skeleton, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { PermissionChecklistSection } from '../../admin/components/PermissionChecklistSection';
import { usePermissionDraft } from '../../admin/use-permission-draft';
import type { Contributor } from '../api';
import { fetchOrganizationPermissions, saveOrganizationPermissions, setupKeys } from '../setup-api';
import { permissionOptionsForRole } from './project-permissions';

interface ContributorPermissionsSectionProps {
  projectId: string;
  contributor: Contributor;
  canManage: boolean;
}

const NONE: ProjectPermission[] = [];

/** A contributor organization's project permissions as a checklist; the pole owner's managers change them. */
export function ContributorPermissionsSection({
  projectId,
  contributor,
  canManage,
}: ContributorPermissionsSectionProps) {
  const queryClient = useQueryClient();
  const { organizationId, organizationName } = contributor;
  const key = setupKeys.organizationPermissions(projectId, organizationId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchOrganizationPermissions(projectId, organizationId, signal),
  });
  const saved = query.data?.permissions ?? NONE;
  const draft = usePermissionDraft(saved, `project-permissions-${organizationId}`);

  const save = useMutation({
    mutationFn: () => saveOrganizationPermissions(projectId, organizationId, draft.chosen),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      // Its people's own sets may have been narrowed to fit, and the caller's own permissions may change.
      void queryClient.invalidateQueries({ queryKey: setupKeys.people(projectId, organizationId) });
      void queryClient.invalidateQueries({ queryKey: setupKeys.check(projectId) });
      notifySuccess('Permissions saved', `${organizationName}'s permissions on the project were saved.`);
    },
  });

  return (
    <PermissionChecklistSection
      title="Project permissions"
      description={
        canManage
          ? `What the people of ${organizationName} may do with the project's permits. Taking a permission away also takes it from anyone given it on their own.`
          : `What the people of ${organizationName} may do with the project's permits.`
      }
      options={permissionOptionsForRole(contributor.role)}
      value={draft.chosen}
      onChange={draft.setChosen}
      canManage={canManage}
      dirty={draft.dirty}
      saving={save.isPending}
      onDiscard={draft.discard}
      onSave={() => save.mutate()}
      fallback={
        query.data ? undefined : query.isError ? (
          <Text size="sm" c="red" role="alert">
            The permissions could not be loaded. Close and open the organization again to retry.
          </Text>
        ) : (
          <Skeleton height={90} />
        )
      }
    />
  );
}
