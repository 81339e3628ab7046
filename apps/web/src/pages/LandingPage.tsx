import { IconHome } from '@tabler/icons-react';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { useSession } from '../features/session/use-session';

/** /landing: the joint use home, with the user's recent projects, permits and dashboards. */
export function LandingPage() {
  const { user } = useSession();
  return (
    <PagePlaceholder
      title="Landing"
      description={user.firstName ? `Welcome back, ${user.firstName}.` : 'Welcome back.'}
      icon={<IconHome size={28} stroke={1.5} />}
      emptyTitle="Nothing recent yet"
      emptyText="Projects, permits and dashboards you open will be listed here, with your organization's activity at a glance."
    />
  );
}
