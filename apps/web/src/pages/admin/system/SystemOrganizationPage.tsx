import { IconBuilding } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** Organization: the page's frame until its content is built. */
export function SystemOrganizationPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="Organization"
      breadcrumbs={[
        { label: 'Organizations', to: '/admin/system/organizations' },
        { label: `Organization ${id}` },
      ]}
      icon={<IconBuilding size={28} stroke={1.5} />}
      emptyTitle="Organization details"
      emptyText="The organization’s profile, users, applications, allowed domains and single sign-on will appear here."
    />
  );
}
