import { IconLayoutDashboard } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Dashboard: the page's frame until its content is built. */
export function PermitDashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Permit progress at a glance."
      icon={<IconLayoutDashboard size={28} stroke={1.5} />}
      emptyTitle="No charts yet"
      emptyText="Charts of permit progress from your saved dashboards will appear here."
    />
  );
}
