import { IconApps } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Applications: the page's frame until its content is built. */
export function AdminAppsPage() {
  return (
    <PagePlaceholder
      title="Applications"
      description="Applications enabled for your organization."
      icon={<IconApps size={28} stroke={1.5} />}
      emptyTitle="No applications to show"
      emptyText="The applications your organization uses, with the number of users in each, will be listed here."
    />
  );
}
