import { Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DetailSkeleton } from '../../../components/DetailSkeleton';
import { LoadErrorState } from '../../../components/LoadErrorState';
import { useTabParam } from '../../../components/use-tab-param';
import { useAdminAbilities } from '../../../features/admin/use-admin-abilities';
import { AuditHistory } from '../../../features/audit/components/AuditHistory';
import {
  fetchOrganization,
  fetchOrganizationAudit,
  organizationKeys,
} from '../../../features/organizations/api';
import { OrganizationApplicationsTab } from '../../../features/organizations/components/OrganizationApplicationsTab';
import { OrganizationHeader } from '../../../features/organizations/components/OrganizationHeader';
import { OrganizationProfileTab } from '../../../features/organizations/components/OrganizationProfileTab';
import { OrganizationSecurityTab } from '../../../features/organizations/components/OrganizationSecurityTab';
import { OrganizationUsersTab } from '../../../features/organizations/components/OrganizationUsersTab';

const TABS = ['profile', 'users', 'applications', 'security', 'history'] as const;
const LABELS: Record<(typeof TABS)[number], string> = {
  profile: 'Profile',
  users: 'Users',
  applications: 'Applications',
  security: 'Security',
  history: 'History',
};
const BACK = { label: 'Organizations', to: '/admin/system/organizations' };

/** One organization: profile, users, applications, allowed domains and history. */
export function SystemOrganizationPage() {
  const { id = '' } = useParams();
  const { system } = useAdminAbilities();
  const [tab, setTab] = useTabParam(TABS);
  const query = useQuery({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => fetchOrganization(id, signal),
    retry: false,
  });
  const organization = query.data;
  const tabs = TABS.filter((t) => t !== 'users' || system.viewUsers);

  return (
    <>
      <OrganizationHeader organization={organization} backTo={BACK} />
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
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <OrganizationProfileTab organization={organization} canManage={system.manageOrganizations} />
          </Tabs.Panel>
          <Tabs.Panel value="users">
            <OrganizationUsersTab organization={organization} />
          </Tabs.Panel>
          <Tabs.Panel value="applications">
            <OrganizationApplicationsTab organization={organization} canManage={system.manageOrganizations} />
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <OrganizationSecurityTab organization={organization} canManage={system.manageDomains} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <AuditHistory
              subject="this organization"
              names={{ [organization.id]: organization.name }}
              queryKey={(params) => organizationKeys.audit(id, params)}
              fetchPage={(params, signal) => fetchOrganizationAudit(id, params, signal)}
            />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
