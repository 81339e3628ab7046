import { Anchor, Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/Logo';

/** The header of the pages shown without signing in. */
export function PublicHeader({ action }: { action?: ReactNode }) {
  return (
    <Box
      component="header"
      h={48}
      px="md"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Crossarm home">
          <Logo size={24} />
        </Anchor>
        {action}
      </Group>
    </Box>
  );
}
