import { IconDatabase } from '@tabler/icons-react';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Datasets: the page's frame until its content is built. */
export function DatasetsPage() {
  return (
    <PagePlaceholder
      title="Datasets"
      description="2D and 3D geospatial datasets."
      icon={<IconDatabase size={28} stroke={1.5} />}
      emptyTitle="No datasets yet"
      emptyText="Geospatial datasets you can view, manage and analyse will be listed here."
    />
  );
}
