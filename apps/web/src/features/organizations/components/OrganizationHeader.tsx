import type { Organization } from '@crossarm/shared';
import { Anchor, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrganizationLogo } from './OrganizationLogo';

interface OrganizationHeaderProps {
  /** Undefined while it loads. */
  organization: Organization | undefined;
  /** Breadcrumb back to the list; none on the own organization's page. */
  backTo?: { label: string; to: string };
  actions?: ReactNode;
}

/** The top of an organization's page: breadcrumb, logo, name and where it is. */
export function OrganizationHeader({ organization, backTo, actions }: OrganizationHeaderProps) {
  const place = organization ? [organization.city, organization.state].filter(Boolean).join(', ') : '';
  return (
    <Stack gap={6} mb="md">
      {backTo ? (
        <Breadcrumbs separatorMargin={6} fz="sm" aria-label="Breadcrumb">
          <Anchor component={Link} to={backTo.to} size="sm">
            {backTo.label}
          </Anchor>
          <Text size="sm" c="dimmed" aria-current="page">
            {organization?.name ?? '…'}
          </Text>
        </Breadcrumbs>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {organization ? (
            <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size={44} />
          ) : (
            <Skeleton width={44} height={44} radius="sm" />
          )}
          <Stack gap={2} style={{ minWidth: 0 }}>
            {organization ? (
              <Title order={1} fz="h3" c="var(--mantine-color-bright)" lh={1.25} lineClamp={1}>
                {organization.name}
              </Title>
            ) : (
              <Skeleton height={22} width={260} />
            )}
            {organization ? (
              <Text size="sm" c="dimmed">
                {[place, `${organization.userCount} ${organization.userCount === 1 ? 'user' : 'users'}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            ) : (
              <Skeleton height={12} width={160} mt={4} />
            )}
          </Stack>
        </Group>
        {actions ? (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
