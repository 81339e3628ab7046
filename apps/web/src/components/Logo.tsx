import { Group, Text } from '@mantine/core';
import { LogoMark } from './LogoMark';

interface LogoProps {
  /** Height of the mark in pixels; the wordmark scales with it. */
  size?: number;
}

/** The mark with the 'Crossarm' wordmark. */
export function Logo({ size = 28 }: LogoProps) {
  return (
    <Group gap={Math.round(size / 3.5)} wrap="nowrap" component="span">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={700}
        fz={Math.round(size * 0.64)}
        lh={1}
        style={{ letterSpacing: '-0.01em' }}
      >
        Crossarm
      </Text>
    </Group>
  );
}
