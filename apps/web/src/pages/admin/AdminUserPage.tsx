import { IconUser } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** User: the page's frame until its content is built. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="User"
      breadcrumbs={[{ label: 'Users', to: '/admin/users' }, { label: `User ${id}` }]}
      icon={<IconUser size={28} stroke={1.5} />}
      emptyTitle="User details"
      emptyText="This user’s profile, status, role and organization permissions will appear here."
    />
  );
}
