import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The shape of a detail page's content while it loads. */
export function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading">
      <Skeleton height={30} width={420} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[0, 1].map((card) => (
          <Paper key={card} withBorder radius="md" p="md">
            <Stack gap={10}>
              <Skeleton height={12} width="30%" />
              <Skeleton height={10} width="80%" />
              <Skeleton height={10} width="65%" />
              <Skeleton height={10} width="72%" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
