import { IconFileDescription } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** All Permits: the page's frame until its content is built. */
export function AllPermitsPage() {
  return (
    <PagePlaceholder
      title="All Permits"
      description="Every permit you can see. Filter, sort and save the table as a view."
      icon={<IconFileDescription size={28} stroke={1.5} />}
      emptyTitle="No permits to show"
      emptyText="Permits on your projects will be listed here with their status, stage, next task and assignees."
    />
  );
}
