import { IconBuilding } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Organization: the page's frame until its content is built. */
export function AdminOrganizationPage() {
  return (
    <PagePlaceholder
      title="Organization"
      description="Your organization's profile, security and allowed e-mail domains."
      icon={<IconBuilding size={28} stroke={1.5} />}
      emptyTitle="Organization profile"
      emptyText="Your organization’s name, logo, contact details, single sign-on and allowed domains will appear here."
    />
  );
}
