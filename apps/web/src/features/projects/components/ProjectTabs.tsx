import type { Project } from '@crossarm/shared';
import { Tabs } from '@mantine/core';
import { useTabParam } from '../../../components/use-tab-param';
import { useSession } from '../../session/use-session';
import { canManageContributors } from '../project-abilities';
import { PROJECT_TAB_LABELS, PROJECT_TABS } from '../project-tabs';
import { ContributorsTab } from '../tabs/ContributorsTab';
import { MapDataTab } from '../tabs/MapDataTab';
import { NotificationsTab } from '../tabs/NotificationsTab';
import { OverviewTab } from '../tabs/OverviewTab';
import { TermsTab } from '../tabs/TermsTab';
import { WorkflowsTab } from '../tabs/WorkflowsTab';

/** A project's tabs, the open one kept in the URL (`?tab=contributors`). */
export function ProjectTabs({ project }: { project: Project }) {
  const session = useSession();
  const [tab, setTab] = useTabParam(PROJECT_TABS);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        {PROJECT_TABS.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {PROJECT_TAB_LABELS[t]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <OverviewTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="contributors">
        <ContributorsTab project={project} canManage={canManageContributors(session, project)} />
      </Tabs.Panel>
      <Tabs.Panel value="workflows">
        <WorkflowsTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="terms">
        <TermsTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="map-data">
        <MapDataTab project={project} />
      </Tabs.Panel>
      <Tabs.Panel value="notifications">
        <NotificationsTab project={project} />
      </Tabs.Panel>
    </Tabs>
  );
}
