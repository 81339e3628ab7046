import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface TableToolbarProps {
  /** Search and filters, at the left. */
  children: ReactNode;
  /** Export and other list actions, at the right. */
  actions?: ReactNode;
}

/**
 * The row above a list: search and filters at the left, list actions at the right. On a narrow screen the
 * search and filters wrap among themselves and the actions stay on the first line, at the right.
 */
export function TableToolbar({ children, actions }: TableToolbarProps) {
  return (
    <Group
      justify="space-between"
      align="flex-start"
      gap="sm"
      mb="sm"
      wrap="wrap"
      role="toolbar"
      aria-label="List tools"
    >
      {/* Sized from a search box's width, so that only a phone's screen puts the actions on a line of their own. */}
      <Group gap="sm" wrap="wrap" style={{ flex: '1 1 280px' }}>
        {children}
      </Group>
      {actions ? (
        // As tall as the search box, so that the actions line up with the first line of tools.
        <Group gap="xs" wrap="nowrap" mih="var(--input-height-xs)">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
