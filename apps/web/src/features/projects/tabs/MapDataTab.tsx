import type { Project } from '@crossarm/shared';
import { IconMap2 } from '@tabler/icons-react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

/** The project's map data: the feature layer its poles and spans come from. */
export function MapDataTab({ project }: { project: Project }) {
  return (
    <EmptyStatePanel
      icon={IconMap2}
      maw={520}
      title="No map data yet"
      description={`The ArcGIS Online feature layer of ${project.name} will be connected here, with the poles and spans synchronised from it.`}
    />
  );
}
