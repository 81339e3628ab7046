import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PanelSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled part of the side panel. */
export function PanelSection({ title, description, children }: PanelSectionProps) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <div>
        <Title order={3} fz="sm">
          {title}
        </Title>
        {description ? (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
