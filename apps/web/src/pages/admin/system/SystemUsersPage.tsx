import { IconUsersGroup } from '@tabler/icons-react';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** All Users: the page's frame until its content is built. */
export function SystemUsersPage() {
  return (
    <PagePlaceholder
      title="All Users"
      description="Users across all organizations."
      icon={<IconUsersGroup size={28} stroke={1.5} />}
      emptyTitle="No users to show"
      emptyText="Every user on the platform will be listed here, with their organization, status and role."
    />
  );
}
