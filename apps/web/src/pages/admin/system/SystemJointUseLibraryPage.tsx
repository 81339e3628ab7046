import { IconBooks } from '@tabler/icons-react';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** Joint Use Library: the page's frame until its content is built. */
export function SystemJointUseLibraryPage() {
  return (
    <PagePlaceholder
      title="Joint Use Library"
      breadcrumbs={[{ label: 'Apps & Libraries', to: '/admin/system/apps' }, { label: 'Joint Use' }]}
      icon={<IconBooks size={28} stroke={1.5} />}
      emptyTitle="No library entries yet"
      emptyText="The stage, task, property and unit entries used to build joint use workflows will be listed here, active and archived."
    />
  );
}
