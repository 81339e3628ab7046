import { IconMap2 } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Permit Map: the page's frame until its content is built. */
export function PermitMapPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="Permit Map"
      breadcrumbs={[
        { label: 'All Permits', to: '/permitting/all' },
        { label: `Permit ${id}`, to: `/permitting/${id}` },
        { label: 'Map' },
      ]}
      icon={<IconMap2 size={28} stroke={1.5} />}
      emptyTitle="Permit map"
      emptyText="The permit’s poles and spans will be shown here on a map."
    />
  );
}
