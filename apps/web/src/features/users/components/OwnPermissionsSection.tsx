import type { OrganizationPermission, UserDetail } from '@crossarm/shared';
import { Skeleton, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { PermissionChecklistSection } from '../../admin/components/PermissionChecklistSection';
import { organizationPermissionOptions } from '../../admin/permission-labels';
import { usePermissionDraft } from '../../admin/use-permission-draft';
import { fetchOwnPermissions, saveOwnPermissions, userKeys } from '../api';
import { fullName } from '../user-names';

interface OwnPermissionsSectionProps {
  user: UserDetail;
  organizationName: string;
  canManage: boolean;
}

const NONE: OrganizationPermission[] = [];

/** The user's permissions in the caller's organization, saved together. */
export function OwnPermissionsSection({ user, organizationName, canManage }: OwnPermissionsSectionProps) {
  const queryClient = useQueryClient();
  const key = userKeys.ownPermissions(user.id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchOwnPermissions(user.id, signal) });
  const saved = query.data?.permissions ?? NONE;
  const draft = usePermissionDraft(saved, 'own-permissions');

  const save = useMutation({
    mutationFn: () => saveOwnPermissions(user.id, draft.chosen),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: userKeys.details() });
      notifySuccess(
        'Permissions saved',
        `${fullName(user)}'s permissions in ${organizationName} were saved.`,
      );
    },
  });

  return (
    <PermissionChecklistSection
      title="Organization permissions"
      description={`What ${fullName(user)} may do in ${organizationName}.`}
      options={organizationPermissionOptions}
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
            The permissions could not be loaded. Reload the page to try again.
          </Text>
        ) : (
          <Skeleton height={90} />
        )
      }
    />
  );
}
