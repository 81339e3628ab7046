import './panel.css';
import { Badge, Paper, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { JSX } from 'react';
import { permitKeys } from '../permit-keys';
import { ActivityTab } from './ActivityTab';
import { CommentsTab } from './CommentsTab';
import { FilesTab } from './FilesTab';
import { MapTab } from './MapTab';
import { fetchUnreadComments } from './panel-api';
import { PANEL_TAB_LABELS, PANEL_TABS } from './panel-tabs';
import { ReportsTab } from './ReportsTab';
import { useFileUploads } from './use-file-uploads';
import { usePanelTab } from './use-panel-tab';

interface PermitSidePanelProps {
  permitId: string;
  projectId: string;
}

function CountBadge({ count, label, color }: { count: number; label: string; color: string }) {
  if (count <= 0) return null;
  return (
    <Badge size="xs" circle={count < 10} color={color} aria-label={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * The right-hand panel of a permit: its comments, files, reports, activity log and map summary. The open
 * tab is in the URL (`?panel=files`); `?comment=<id>` opens the comments at that comment.
 */
export function PermitSidePanel({ permitId }: PermitSidePanelProps): JSX.Element {
  const [tab, setTab] = usePanelTab();
  const unread = useQuery({
    queryKey: permitKeys.commentsUnread(permitId),
    queryFn: ({ signal }) => fetchUnreadComments(permitId, signal),
  });
  // Uploads outlive the files tab: switching tabs does not stop them.
  const uploads = useFileUploads(permitId);
  const unreadCount = tab === 'comments' ? 0 : (unread.data?.unreadComments ?? 0);
  const sending = uploads.uploads.filter((upload) => upload.error === null).length;

  return (
    <Paper component="aside" aria-label="Permit panel" withBorder radius="md" p="sm">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          {PANEL_TABS.map((t) => (
            <Tabs.Tab
              key={t}
              value={t}
              px="xs"
              rightSection={
                t === 'comments' ? (
                  <CountBadge count={unreadCount} color="blue" label={`${unreadCount} unread`} />
                ) : t === 'files' ? (
                  <CountBadge count={sending} color="gray" label={`${sending} uploading`} />
                ) : null
              }
            >
              {PANEL_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="comments">
          <CommentsTab permitId={permitId} />
        </Tabs.Panel>
        <Tabs.Panel value="files">
          <FilesTab
            permitId={permitId}
            uploads={uploads.uploads}
            onUpload={uploads.start}
            onDismissUpload={uploads.dismiss}
          />
        </Tabs.Panel>
        <Tabs.Panel value="reports">
          <ReportsTab permitId={permitId} />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <ActivityTab permitId={permitId} />
        </Tabs.Panel>
        <Tabs.Panel value="map">
          <MapTab permitId={permitId} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
