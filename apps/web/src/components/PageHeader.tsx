import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

interface PageHeaderProps {
  title: string;
  description?: string;
  breadcrumbs?: Crumb[];
  /** Badges beside the title (a version, a status). */
  aside?: ReactNode;
  /** Buttons at the right end of the header. */
  actions?: ReactNode;
}

/** The top of every page: breadcrumbs (on detail pages), the page's h1, a description and actions. */
export function PageHeader({ title, description, breadcrumbs, aside, actions }: PageHeaderProps) {
  const heading = (
    <Title order={1} fz="h3" c="var(--mantine-color-bright)" lh={1.25}>
      {title}
    </Title>
  );
  return (
    <Stack gap={4} mb="md">
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <Breadcrumbs separatorMargin={6} fz="sm" aria-label="Breadcrumb">
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" aria-current="page">
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {aside ? (
            <Group gap="sm" wrap="nowrap">
              {heading}
              {aside}
            </Group>
          ) : (
            heading
          )}
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
