import { Paper, Skeleton, Text } from '@mantine/core';

interface SummaryFigureProps {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
}

/** One headline number of the project overview. */
export function SummaryFigure({ label, value }: SummaryFigureProps) {
  return (
    <Paper withBorder radius="md" px="md" py="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={26} width={60} mt={6} />
      ) : (
        <Text
          fz={26}
          fw={700}
          lh={1.3}
          c="var(--mantine-color-bright)"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {value.toLocaleString('en-US')}
        </Text>
      )}
    </Paper>
  );
}
