import { IconListDetails } from '@tabler/icons-react';
import { PagePlaceholder } from '../components/PagePlaceholder';

/** Activity: the page's frame until its content is built. */
export function ActivityPage() {
  return (
    <PagePlaceholder
      title="Activity"
      description="Recent changes across the permits you can see."
      icon={<IconListDetails size={28} stroke={1.5} />}
      emptyTitle="No activity yet"
      emptyText="Stage and task progress, comments, files and status changes on your permits will be listed here as they happen."
    />
  );
}
