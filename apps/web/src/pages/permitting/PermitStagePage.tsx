import { IconStack2 } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Stage: the page's frame until its content is built. */
export function PermitStagePage() {
  const { id = '', stageId = '' } = useParams();
  return (
    <PagePlaceholder
      title="Stage"
      breadcrumbs={[
        { label: 'All Permits', to: '/permitting/all' },
        { label: `Permit ${id}`, to: `/permitting/${id}` },
        { label: 'Workflow', to: `/permitting/${id}/workflow` },
        { label: `Stage ${stageId}` },
      ]}
      icon={<IconStack2 size={28} stroke={1.5} />}
      emptyTitle="Stage"
      emptyText="This stage’s tasks, their assignees, status and timers will appear here."
    />
  );
}
