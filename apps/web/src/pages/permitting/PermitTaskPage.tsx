import { IconSquareCheck } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Task: the page's frame until its content is built. */
export function PermitTaskPage() {
  const { id = '', stageId = '', taskId = '' } = useParams();
  return (
    <PagePlaceholder
      title="Task"
      breadcrumbs={[
        { label: 'All Permits', to: '/permitting/all' },
        { label: `Permit ${id}`, to: `/permitting/${id}` },
        { label: 'Workflow', to: `/permitting/${id}/workflow` },
        { label: `Stage ${stageId}`, to: `/permitting/${id}/workflow/stages/${stageId}` },
        { label: `Task ${taskId}` },
      ]}
      icon={<IconSquareCheck size={28} stroke={1.5} />}
      emptyTitle="Task"
      emptyText="The task’s properties, assignees, status and timer will appear here."
    />
  );
}
