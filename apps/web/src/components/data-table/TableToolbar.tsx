import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface TableToolbarProps {
  /** Search and filters, at the left. */
  children: ReactNode;
  /** Export and other list actions, at the right. */
  actions?: ReactNode;
}

/** The row above a list: search and filters at the left, list actions at the right. */
export function TableToolbar({ children, actions }: TableToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" mb="sm" wrap="wrap" role="toolbar" aria-label="List tools">
      <Group gap="sm" wrap="wrap">
        {children}
      </Group>
      {actions ? (
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
