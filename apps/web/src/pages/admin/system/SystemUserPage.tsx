import { IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** User: the page's frame until its content is built. */
export function SystemUserPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="User"
      breadcrumbs={[{ label: 'All Users', to: '/admin/system/users' }, { label: `User ${id}` }]}
      icon={<IconUser size={28} stroke={1.5} />}
      emptyTitle="User details"
      emptyText="The user’s profile, organizations, system permissions and security actions will appear here."
    />
  );
}
