import { Badge, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTabParam } from '../../../components/use-tab-param';
import { permitKeys } from '../../permits/permit-keys';
import { MY_WORK_TABS } from '../my-work';
import { fetchMyMentions } from '../my-work-api';
import { MentionsTab } from './MentionsTab';
import { MyTasksTab } from './MyTasksTab';

/** How many of the caller's mentions are unread, for the tab's badge (one row asked, the count read). */
function useUnreadMentions() {
  const query = useQuery({
    queryKey: permitKeys.myMentionsUnread(),
    queryFn: ({ signal }) => fetchMyMentions({ show: 'Unread' }, { page: 1, pageSize: 1 }, signal),
    staleTime: 0,
  });
  return query.data?.unread ?? 0;
}

/** My Work's two tabs, the open one kept in the URL (`?tab=mentions`). */
export function MyWorkTabs() {
  const [tab, setTab] = useTabParam(MY_WORK_TABS);
  const unread = useUnreadMentions();
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="tasks">My tasks</Tabs.Tab>
        <Tabs.Tab
          value="mentions"
          rightSection={
            unread > 0 ? (
              <Badge size="xs" variant="filled" circle={unread < 10} aria-label={`${unread} unread`}>
                {unread > 99 ? '99+' : unread}
              </Badge>
            ) : null
          }
        >
          Mentions
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="tasks">
        <MyTasksTab />
      </Tabs.Panel>
      <Tabs.Panel value="mentions">
        <MentionsTab />
      </Tabs.Panel>
    </Tabs>
  );
}
