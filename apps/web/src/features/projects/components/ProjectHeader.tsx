import { PROJECT_ROLE_LABELS, type Project } from '@crossarm/shared';
import { Anchor, Badge, Breadcrumbs, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';

interface ProjectHeaderProps {
  /** Undefined while it loads, or when it did not. */
  project: Project | undefined;
  /** True while the project loads: placeholders stand where its name and owner will be. */
  loading: boolean;
  actions?: ReactNode;
}

/** The top of a project's page: breadcrumb, name, code and status, owner, and what it is for. */
export function ProjectHeader({ project, loading, actions }: ProjectHeaderProps) {
  return (
    <Stack gap={6} mb="md">
      <Breadcrumbs separator="›" separatorMargin={6} fz="sm" aria-label="Breadcrumb">
        <Anchor component={Link} to="/projects" size="sm">
          Projects
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {project?.name ?? (loading ? '…' : 'Project')}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          {project ? (
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Title order={1} fz="h3" c="var(--mantine-color-bright)" lh={1.25} lineClamp={1}>
                {project.name}
              </Title>
              <Badge variant="outline" color="gray" radius="sm" tt="none" ff="monospace" fw={500}>
                {project.projectCode}
              </Badge>
              <StatusBadge status={project.status} />
            </Group>
          ) : loading ? (
            <Skeleton height={22} width={320} />
          ) : null}
          {project ? (
            <Text size="sm" c="dimmed">
              Owned by {project.ownerOrganizationName} · Your organization takes part as{' '}
              {PROJECT_ROLE_LABELS[project.myRole].toLowerCase()}
            </Text>
          ) : loading ? (
            <Skeleton height={12} width={220} mt={4} />
          ) : null}
          {project?.description ? (
            <Text size="sm" maw={820} style={{ whiteSpace: 'pre-line' }}>
              {project.description}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      </Group>
    </Stack>
  );
}
