import { Box, Group, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { PICKED_COLORS } from './picker-layers';

const dot = (style: CSSProperties) => (
  <Box
    component="span"
    display="inline-block"
    style={{ width: 10, height: 10, borderRadius: 5, border: '1px solid #fff', ...style }}
  />
);

/**
 * What the marks of a map of picked poles mean: on a permit's map (saved, added, removed poles) or while
 * applying (picked poles only).
 */
export function PickerLegend({ picking, applying }: { picking: boolean; applying: boolean }) {
  const permitItems = [
    { key: 'saved', mark: dot({ background: PICKED_COLORS.saved }), text: 'Pole of the permit' },
    { key: 'added', mark: dot({ background: PICKED_COLORS.added }), text: 'Added, not saved yet' },
    {
      key: 'removed',
      mark: dot({ background: '#fff', border: `2px solid ${PICKED_COLORS.removed}` }),
      text: 'Removed, not saved yet',
    },
  ];
  const applicationItems = [
    { key: 'added', mark: dot({ background: PICKED_COLORS.added }), text: 'Picked pole (click to take off)' },
  ];
  const items = [
    ...(applying ? applicationItems : permitItems),
    {
      key: 'project',
      mark: dot({ background: PICKED_COLORS.project }),
      text: picking ? 'Other project pole (click to add)' : 'Other project pole',
    },
    {
      key: 'span',
      mark: (
        <Box
          component="span"
          display="inline-block"
          style={{ width: 18, height: 3, background: PICKED_COLORS.span }}
        />
      ),
      text: 'Span of the permit',
    },
  ].filter((item) => !(applying && item.key === 'span'));
  return (
    <Group gap="md" aria-label="Legend" role="list">
      {items.map((item) => (
        <Group key={item.key} gap={6} role="listitem">
          {item.mark}
          <Text size="xs">{item.text}</Text>
        </Group>
      ))}
    </Group>
  );
}
