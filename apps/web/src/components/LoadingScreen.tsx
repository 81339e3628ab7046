import { Center, Loader, Stack } from '@mantine/core';
import { LogoMark } from './LogoMark';

/** Shown while the app starts (at least a second, so it never flickers). */
export function LoadingScreen() {
  return (
    <Center
      mih="100vh"
      bg="var(--mantine-color-body)"
      role="status"
      aria-busy="true"
      aria-label="Loading Crossarm"
    >
      <Stack align="center" gap="lg">
        <LogoMark size={56} />
        <Loader size="sm" type="dots" />
      </Stack>
    </Center>
  );
}
