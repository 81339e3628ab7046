import { Box, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

const swatch = (style: CSSProperties) => <Box component="span" display="inline-block" style={style} />;

/** What the map's marks mean. */
export function MapLegend() {
  return (
    <Group gap="md" aria-label="Legend" role="list">
      <Group gap={6} role="listitem">
        {swatch({ width: 10, height: 10, borderRadius: 5, background: '#1c7ed6', border: '1px solid #fff' })}
        <Text size="xs">Pole</Text>
      </Group>
      <Group gap={6} role="listitem">
        {swatch({
          width: 16,
          height: 16,
          borderRadius: 8,
          background: 'rgba(28, 126, 214, 0.35)',
          border: '2px solid #1c7ed6',
        })}
        <Text size="xs">Group of poles (click to zoom in)</Text>
      </Group>
      <Group gap={6} role="listitem">
        {swatch({ width: 18, height: 2, background: '#495057' })}
        <Text size="xs">Span</Text>
      </Group>
    </Group>
  );
}
