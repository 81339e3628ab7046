import { IconUsers } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Users: the page's frame until its content is built. */
export function AdminUsersPage() {
  return (
    <PagePlaceholder
      title="Users"
      description="People in your organization, their roles and permissions."
      icon={<IconUsers size={28} stroke={1.5} />}
      emptyTitle="No users to show"
      emptyText="Invite people to your organization and manage their status, role and permissions here."
    />
  );
}
