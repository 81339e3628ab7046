import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { getRuntimeConfig } from '../../../lib/runtime-config';

/** Links to support and the policies, at the bottom of the public pages. */
export function PublicFooter() {
  const contactUrl = getRuntimeConfig()?.contactUrl;
  return (
    <Box
      component="footer"
      py="md"
      px="md"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="center" gap="xl">
        {contactUrl ? (
          <Anchor href={contactUrl} target="_blank" rel="noopener noreferrer" size="sm" c="dimmed">
            Contact Us
          </Anchor>
        ) : null}
        <Anchor component={Link} to="/policies/privacy" size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/policies/terms" size="sm" c="dimmed">
          Terms of Service
        </Anchor>
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} Crossarm
        </Text>
      </Group>
    </Box>
  );
}
