import { IconTimeline } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Permit Workflow: the page's frame until its content is built. */
export function PermitWorkflowPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="Permit Workflow"
      breadcrumbs={[
        { label: 'All Permits', to: '/permitting/all' },
        { label: `Permit ${id}`, to: `/permitting/${id}` },
        { label: 'Workflow' },
      ]}
      icon={<IconTimeline size={28} stroke={1.5} />}
      emptyTitle="Workflow"
      emptyText="The permit’s stages with their status and elapsed time, and the tasks of the current stage, will appear here."
    />
  );
}
