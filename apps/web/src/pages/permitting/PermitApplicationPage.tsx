import { IconFilePlus } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Permit Application: the page's frame until its content is built. */
export function PermitApplicationPage() {
  return (
    <PagePlaceholder
      title="Permit Application"
      description="Apply for a joint use permit on one of your projects."
      icon={<IconFilePlus size={28} stroke={1.5} />}
      emptyTitle="New permit application"
      emptyText="The application form for a new permit, with its poles, properties and files, will appear here."
    />
  );
}
