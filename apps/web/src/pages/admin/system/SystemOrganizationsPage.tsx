import { IconBuilding } from '@tabler/icons-react';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** Organizations: the page's frame until its content is built. */
export function SystemOrganizationsPage() {
  return (
    <PagePlaceholder
      title="Organizations"
      description="Every organization on the platform: pole owners, attachers and engineering firms."
      icon={<IconBuilding size={28} stroke={1.5} />}
      emptyTitle="No organizations to show"
      emptyText="Organizations will be listed here, with their applications, users and security settings."
    />
  );
}
