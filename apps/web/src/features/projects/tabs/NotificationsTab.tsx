import type { Project, ProjectNotificationPrefs } from '@crossarm/shared';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { RetryNote } from '../components/RetryNote';
import { NotificationGroupTable } from '../notifications/NotificationGroupTable';
import { NotificationsSaveBar } from '../notifications/NotificationsSaveBar';
import {
  NOTIFICATION_GROUPS,
  notificationPrefsChange,
  notificationPrefsDirty,
} from '../notifications/notification-groups';
import { fetchNotificationPrefs, saveNotificationPrefs, setupKeys } from '../setup-api';

/** The caller's own notification settings for the project: per event type in the app and by e-mail, or muted. */
export function NotificationsTab({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const key = setupKeys.notificationPrefs(project.id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchNotificationPrefs(project.id, signal),
  });
  const saved = query.data;
  const [draft, setDraft] = useState<ProjectNotificationPrefs | undefined>(saved);
  useEffect(() => setDraft(saved), [saved]);
  const dirty = Boolean(saved && draft && notificationPrefsDirty(saved, draft));
  useDirtyFlag('project-notification-prefs', dirty);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof notificationPrefsChange>) => saveNotificationPrefs(project.id, body),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      notifySuccess('Notification settings saved', `Your settings for ${project.name} were saved.`);
    },
  });

  if (query.isError) {
    return (
      <RetryNote
        message="Your notification settings could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!saved || !draft) return <Skeleton height={240} radius="md" />;
  return (
    <Stack gap="md" maw={960}>
      <NotificationsSaveBar
        muted={draft.muted}
        onMutedChange={(muted) => setDraft({ ...draft, muted })}
        dirty={dirty}
        saving={save.isPending}
        onDiscard={() => setDraft(saved)}
        onSave={() => save.mutate(notificationPrefsChange(saved, draft))}
      />
      {draft.muted ? (
        <Alert color="gray" variant="light" icon={<IconBellOff size={16} />}>
          The project is muted: the settings below are kept for when you unmute it.
        </Alert>
      ) : null}
      {NOTIFICATION_GROUPS.map((group) => (
        <NotificationGroupTable
          key={group.key}
          group={group}
          draft={draft}
          onChange={setDraft}
          disabled={save.isPending}
        />
      ))}
    </Stack>
  );
}
