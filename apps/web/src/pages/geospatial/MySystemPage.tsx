import { IconMapPin } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** My System: the page's frame until its content is built. */
export function MySystemPage() {
  return (
    <PagePlaceholder
      title="My System"
      description="Your organization's poles, spans and assets."
      icon={<IconMapPin size={28} stroke={1.5} />}
      emptyTitle="Nothing on the map yet"
      emptyText="Your poles, spans and other assets will be shown here on a map, with a list of what is in view."
    />
  );
}
