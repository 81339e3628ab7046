import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Crumb, PageHeader } from './PageHeader';

interface PagePlaceholderProps {
  title: string;
  description?: string;
  breadcrumbs?: Crumb[];
  icon: ReactNode;
  /** Heading of the empty state: what this page is for. */
  emptyTitle: string;
  /** What will appear here once there is something to show. */
  emptyText: string;
  actions?: ReactNode;
}

/** A page whose content is still to come: its header and a calm empty state describing its purpose. */
export function PagePlaceholder({
  title,
  description,
  breadcrumbs,
  icon,
  emptyTitle,
  emptyText,
  actions,
}: PagePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} breadcrumbs={breadcrumbs} actions={actions} />
      <Paper withBorder radius="md" py={56} px="md">
        <EmptyState icon={icon} withIndicatorBackground maw={460} mx="auto">
          <EmptyState.Title order={2}>{emptyTitle}</EmptyState.Title>
          <EmptyState.Description>{emptyText}</EmptyState.Description>
        </EmptyState>
      </Paper>
    </>
  );
}
