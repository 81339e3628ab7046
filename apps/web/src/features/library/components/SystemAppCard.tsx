import type { Application, LibraryKind, SystemApp } from '@crossarm/shared';
import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBuildingBroadcastTower,
  IconChevronRight,
  IconMap2,
  IconRuler2,
  IconShieldBolt,
  IconTrees,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { kindOrder, kindText } from '../library-kinds';

const icons: Record<Application, ComponentType<{ size?: number; stroke?: number }>> = {
  JointUse: IconBuildingBroadcastTower,
  Engineering: IconRuler2,
  Vegetation: IconTrees,
  Resilience: IconShieldBolt,
  Geospatial: IconMap2,
};

/** Where each application's library is administered; those without one have no page yet. */
const libraryPages: Partial<Record<Application, string>> = { JointUse: '/admin/system/apps/joint-use' };

function libraryLink(page: string, kind: LibraryKind): string {
  return kind === 'stage' ? page : `${page}?tab=${kindText[kind].slug}`;
}

/** One application: what it is, how many organizations use it, and its library at a glance. */
export function SystemAppCard({ app }: { app: SystemApp }) {
  const Icon = icons[app.application];
  const page = libraryPages[app.application];
  const organizations = `${app.organizationCount} organization${app.organizationCount === 1 ? '' : 's'}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={app.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={36} radius="md">
              <Icon size={20} stroke={1.6} />
            </ThemeIcon>
            <div>
              <Title order={2} fz="md" lh={1.3}>
                {app.name}
              </Title>
              <Text size="xs" c="dimmed">
                {app.description}
              </Text>
            </div>
          </Group>
          <Badge
            variant="light"
            color={app.organizationCount ? 'blue' : 'gray'}
            tt="none"
            style={{ flexShrink: 0 }}
          >
            {organizations}
          </Badge>
        </Group>
        {app.libraryCounts && page ? (
          <>
            <SimpleGrid cols={4} spacing="xs">
              {kindOrder.map((kind) => (
                <UnstyledButton
                  key={kind}
                  component={Link}
                  to={libraryLink(page, kind)}
                  p={6}
                  style={{ borderRadius: 6, background: 'var(--mantine-color-default-hover)' }}
                  aria-label={`${app.libraryCounts?.[kind]} active ${kindText[kind].plural.toLowerCase()}`}
                >
                  <Text fw={650} fz="lg" lh={1.2} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {app.libraryCounts?.[kind]}
                  </Text>
                  <Text size="xs" c="dimmed" ta="right">
                    {kindText[kind].plural}
                  </Text>
                </UnstyledButton>
              ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="auto">
              <Button
                component={Link}
                to={page}
                size="xs"
                variant="light"
                rightSection={<IconChevronRight size={14} />}
              >
                Open {app.name} library
              </Button>
            </Group>
          </>
        ) : (
          <Text size="xs" c="dimmed" mt="auto">
            No library to administer yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
