import { PageHeader } from '../../../components/PageHeader';
import { LibraryPanel } from '../../../features/library/components/LibraryPanel';

/** Joint Use Library: the stages, properties, tasks and units joint use workflows are built from. */
export function SystemJointUseLibraryPage() {
  return (
    <>
      <PageHeader
        title="Joint Use Library"
        description="The stages, properties, tasks and units joint use workflow templates are built from."
        breadcrumbs={[{ label: 'Apps & Libraries', to: '/admin/system/apps' }, { label: 'Joint Use' }]}
      />
      <LibraryPanel />
    </>
  );
}
