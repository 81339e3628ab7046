import { IconFolder } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../components/PagePlaceholder';

/** Project: the page's frame until its content is built. */
export function ProjectPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="Project"
      breadcrumbs={[{ label: 'Projects', to: '/projects' }, { label: `Project ${id}` }]}
      icon={<IconFolder size={28} stroke={1.5} />}
      emptyTitle="Project details"
      emptyText="The project summary, contributing organizations, workflow templates and map layer will appear here."
    />
  );
}
