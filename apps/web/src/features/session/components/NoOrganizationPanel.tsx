import { Anchor, Group, Stack, Text } from '@mantine/core';
import { FullPagePanel } from '../../../components/FullPagePanel';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { LogoutButton } from './LogoutButton';

/** For an Active user who does not belong to any organization yet. */
export function NoOrganizationPanel() {
  const contactUrl = getRuntimeConfig()?.contactUrl;
  return (
    <FullPagePanel
      title="User has no organization"
      actions={
        <Group justify="flex-end">
          <LogoutButton />
        </Group>
      }
    >
      <Stack gap={4}>
        <Text c="dimmed">Please contact us for more information:</Text>
        {contactUrl ? (
          <Anchor href={contactUrl} target="_blank" rel="noopener noreferrer">
            Contact Us
          </Anchor>
        ) : null}
      </Stack>
    </FullPagePanel>
  );
}
