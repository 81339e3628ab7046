import { EmptyState } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

interface EmptyStatePanelProps {
  /** A Tabler icon; it is drawn at 24px on the indicator background. */
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: ReactNode;
  description: ReactNode;
  /** The first thing to do, if any. */
  action?: ReactNode;
  maw?: number;
}

/** What an empty list is for, centred, with an icon and an optional first action. */
export function EmptyStatePanel({ icon: Icon, title, description, action, maw = 440 }: EmptyStatePanelProps) {
  return (
    <EmptyState py={40} maw={maw} mx="auto" icon={<Icon size={24} stroke={1.5} />} withIndicatorBackground>
      <EmptyState.Title order={3}>{title}</EmptyState.Title>
      <EmptyState.Description>{description}</EmptyState.Description>
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
