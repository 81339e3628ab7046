import { useParams } from 'react-router';
import { UserDetailView } from '../../features/users/components/UserDetailView';

const BACK = { label: 'Users', to: '/admin/users' };

/** One user of the caller's organization. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  return <UserDetailView key={id} scope="own" id={id} backTo={BACK} />;
}
