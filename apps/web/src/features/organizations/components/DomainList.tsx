import { formatDate } from '@crossarm/shared';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconWorld } from '@tabler/icons-react';
import type { OrganizationDomain } from '../api';

interface DomainListProps {
  /** Undefined while loading. */
  domains: OrganizationDomain[] | undefined;
  /** Absent when the list is read only. */
  onRemove?: (domainName: string) => void;
  removing?: string | null;
  /** True when the domains could not be loaded. */
  failed?: boolean;
}

/** Allowed e-mail domains: each with when it was added, and a remove button when allowed. */
export function DomainList({ domains, onRemove, removing, failed = false }: DomainListProps) {
  if (!domains && failed) {
    return (
      <Paper withBorder radius="md" px="md" py="sm" role="alert">
        <Text size="sm" c="red">
          The allowed domains could not be loaded. Reload the page to try again.
        </Text>
      </Paper>
    );
  }
  if (!domains) {
    return (
      <Stack gap={6} aria-busy="true">
        <Skeleton height={32} />
        <Skeleton height={32} />
      </Stack>
    );
  }
  if (domains.length === 0) {
    return (
      <Paper withBorder radius="md" px="md" py="sm">
        <Text size="sm" c="dimmed">
          No domains: invitations may go to any e-mail address.
        </Text>
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Allowed domains"
    >
      {domains.map((domain, index) => (
        <Group
          component="li"
          key={domain.domainName}
          justify="space-between"
          wrap="nowrap"
          px="md"
          py={6}
          mih={40}
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group gap="xs" wrap="nowrap">
            <IconWorld size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
            <Text size="sm" fw={500}>
              {domain.domainName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed">
              Added {formatDate(domain.createdAt)}
            </Text>
            {onRemove ? (
              <Tooltip label="Remove domain">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Remove ${domain.domainName}`}
                  loading={removing === domain.domainName}
                  onClick={() => onRemove(domain.domainName)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
      ))}
    </Paper>
  );
}
