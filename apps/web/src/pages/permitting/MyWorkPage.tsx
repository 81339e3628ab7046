import { IconChecklist } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** My Work: the page's frame until its content is built. */
export function MyWorkPage() {
  return (
    <PagePlaceholder
      title="My Work"
      description="Tasks assigned to you and comments that mention you."
      icon={<IconChecklist size={28} stroke={1.5} />}
      emptyTitle="Nothing assigned to you"
      emptyText="Tasks assigned to you and comments that mention you will be listed here."
    />
  );
}
