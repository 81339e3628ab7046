import { useParams } from 'react-router';
import { UserDetailView } from '../../../features/users/components/UserDetailView';

const BACK = { label: 'All users', to: '/admin/system/users' };

/** One user, in system administration. */
export function SystemUserPage() {
  const { id = '' } = useParams();
  return <UserDetailView key={id} scope="system" id={id} backTo={BACK} />;
}
