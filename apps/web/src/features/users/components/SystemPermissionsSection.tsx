import type { UserDetail } from '@crossarm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { PermissionChecklistSection } from '../../admin/components/PermissionChecklistSection';
import { systemPermissionOptions } from '../../admin/permission-labels';
import { usePermissionDraft } from '../../admin/use-permission-draft';
import { setSystemPermissions, userKeys } from '../api';
import { fullName } from '../user-names';

interface SystemPermissionsSectionProps {
  user: UserDetail;
  canManage: boolean;
}

/** The nine system permissions as checkboxes, saved together. */
export function SystemPermissionsSection({ user, canManage }: SystemPermissionsSectionProps) {
  const queryClient = useQueryClient();
  const draft = usePermissionDraft(user.systemPermissions, 'system-permissions');

  const save = useMutation({
    mutationFn: () =>
      setSystemPermissions(user.id, draft.chosen, conflictHandler('System permissions were not saved')),
    onSuccess: (permissions) => {
      queryClient.setQueryData<UserDetail>(userKeys.detail('system', user.id), (current) =>
        current ? { ...current, systemPermissions: permissions } : current,
      );
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notifySuccess(
        'System permissions saved',
        `${fullName(user)} has ${permissions.length} of 9 system permissions.`,
      );
    },
  });

  return (
    <PermissionChecklistSection
      title="System permissions"
      description="What this user may do across every organization. Most users need none."
      options={systemPermissionOptions}
      value={draft.chosen}
      onChange={draft.setChosen}
      canManage={canManage}
      dirty={draft.dirty}
      saving={save.isPending}
      onDiscard={draft.discard}
      onSave={() => save.mutate()}
    />
  );
}
