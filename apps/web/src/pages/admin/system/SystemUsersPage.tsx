import { Tabs } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useTabParam } from '../../../components/use-tab-param';
import { useAdminAbilities } from '../../../features/admin/use-admin-abilities';
import { MailOutbox } from '../../../features/users/components/MailOutbox';
import { UsersList } from '../../../features/users/components/UsersList';

const TABS = ['users', 'mail'] as const;
const SYSTEM = { kind: 'system' } as const;

/** All users: everyone on the platform, and (for those who manage users) the mail outbox. */
export function SystemUsersPage() {
  const { system } = useAdminAbilities();
  const [tab, setTab] = useTabParam(TABS);
  const list = <UsersList scope={SYSTEM} pathOf={(user) => `/admin/system/users/${user.id}`} />;
  return (
    <>
      <PageHeader
        title="All users"
        description="Users across all organizations, their status and last sign-in."
      />
      {system.manageUsers ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="users">Users</Tabs.Tab>
            <Tabs.Tab value="mail">Mail outbox</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">{list}</Tabs.Panel>
          <Tabs.Panel value="mail">
            <MailOutbox />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
    </>
  );
}
