import { Button } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PagePlaceholder } from '../../../components/PagePlaceholder';

/** Apps & Libraries: the page's frame until its content is built. */
export function SystemAppsPage() {
  return (
    <PagePlaceholder
      title="Apps & Libraries"
      description="Applications and the library entries their workflows are built from."
      icon={<IconApps size={28} stroke={1.5} />}
      actions={
        <Button component={Link} to="/admin/system/apps/joint-use" variant="default" size="xs">
          Joint Use Library
        </Button>
      }
      emptyTitle="Applications"
      emptyText="Each application and its libraries of stages, tasks, properties and units will be listed here."
    />
  );
}
