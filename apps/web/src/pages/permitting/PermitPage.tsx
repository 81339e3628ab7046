import { Button } from '@mantine/core';
import { IconFileDescription, IconMap2, IconTimeline } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Permit: the page's frame until its content is built. */
export function PermitPage() {
  const { id = '' } = useParams();
  return (
    <PagePlaceholder
      title="Permit"
      breadcrumbs={[{ label: 'All Permits', to: '/permitting/all' }, { label: `Permit ${id}` }]}
      icon={<IconFileDescription size={28} stroke={1.5} />}
      actions={
        <>
          <Button
            component={Link}
            to="workflow"
            variant="default"
            size="xs"
            leftSection={<IconTimeline size={14} />}
          >
            Workflow
          </Button>
          <Button component={Link} to="map" variant="default" size="xs" leftSection={<IconMap2 size={14} />}>
            Map
          </Button>
        </>
      }
      emptyTitle="Permit details"
      emptyText="The permit’s header, stages and tasks, comments, files, reports and activity will appear here."
    />
  );
}
