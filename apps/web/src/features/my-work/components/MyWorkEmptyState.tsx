import { Button } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

interface MyWorkEmptyStateProps {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  description: string;
}

/** An empty My Work list, with the way to the permits where work comes from. */
export function MyWorkEmptyState({ icon, title, description }: MyWorkEmptyStateProps) {
  return (
    <EmptyStatePanel
      icon={icon}
      title={title}
      description={description}
      action={
        <Button size="xs" variant="default" component={Link} to="/permitting/all">
          Go to All Permits
        </Button>
      }
    />
  );
}
