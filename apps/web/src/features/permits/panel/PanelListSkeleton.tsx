import { Group, Skeleton, Stack } from '@mantine/core';

interface PanelListSkeletonProps {
  rows?: number;
  /** Rows that start with a round avatar (comments, activity). */
  withAvatar?: boolean;
}

/** The shape of a panel list while it loads. */
export function PanelListSkeleton({ rows = 5, withAvatar = false }: PanelListSkeletonProps) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          {withAvatar ? <Skeleton circle h={26} w={26} /> : null}
          <Stack gap={6} flex={1}>
            <Skeleton h={10} w="40%" />
            <Skeleton h={10} w={index % 2 === 0 ? '90%' : '70%'} />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
