import { IconFolders } from '@tabler/icons-react';
import { PagePlaceholder } from '../components/PagePlaceholder';

/** Projects: the page's frame until its content is built. */
export function ProjectsPage() {
  return (
    <PagePlaceholder
      title="Projects"
      description="Joint use projects your organization owns or contributes to."
      icon={<IconFolders size={28} stroke={1.5} />}
      emptyTitle="No projects to show"
      emptyText="Projects group permits by pole owner, workflow and map layer. The projects you can access will be listed here."
    />
  );
}
