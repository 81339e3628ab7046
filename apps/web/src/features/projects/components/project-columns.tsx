import { formatDate, type Project } from '@crossarm/shared';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { StatusBadge } from '../../../components/StatusBadge';
import { ProjectArchiveButton } from './ProjectArchiveButton';
import { ProjectRoleBadge } from './ProjectRoleBadge';

type Column = DataTableColumn<Project>;

export const projectPath = (project: Pick<Project, 'id'>) => `/projects/${project.id}`;

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const columns: Column[] = [
  {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (project) => (
      <Anchor
        component={Link}
        to={projectPath(project)}
        size="sm"
        fw={500}
        c="var(--mantine-color-bright)"
        truncate="end"
        display="block"
        title={project.name}
        onClick={(event) => event.stopPropagation()}
      >
        {project.name}
      </Anchor>
    ),
  },
  {
    key: 'projectCode',
    header: 'Project code',
    sortKey: 'projectCode',
    width: 152,
    cell: (project) => (
      <Text size="sm" ff="monospace" truncate="end" title={project.projectCode}>
        {project.projectCode}
      </Text>
    ),
  },
  {
    key: 'owner',
    header: 'Owner',
    sortKey: 'owner',
    width: '20%',
    cell: (project) => (
      <Text size="sm" truncate="end" title={project.ownerOrganizationName}>
        {project.ownerOrganizationName}
      </Text>
    ),
  },
  {
    key: 'myRole',
    header: 'Your role',
    width: 110,
    cell: (project) => <ProjectRoleBadge role={project.myRole} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 100,
    cell: (project) => <StatusBadge status={project.status} />,
  },
  {
    key: 'permits',
    header: 'Permits',
    width: 120,
    align: 'right',
    cell: (project) => (
      <Text
        size="sm"
        style={tabular}
        title={`${project.permitCounts.open} open of ${project.permitCounts.total} your organization can see`}
      >
        {project.permitCounts.open}
        <Text span size="xs" c="dimmed">
          {' '}
          / {project.permitCounts.total}
        </Text>
      </Text>
    ),
  },
  {
    key: 'contributors',
    header: 'Contributors',
    width: 136,
    align: 'right',
    visibleFrom: 'lg',
    cell: (project) => (
      <Text size="sm" style={tabular}>
        {project.contributors.length}
      </Text>
    ),
  },
  {
    key: 'createdAt',
    header: 'Created',
    sortKey: 'createdAt',
    width: 120,
    visibleFrom: 'lg',
    cell: (project) => (
      <Text size="sm" c="dimmed" style={tabular}>
        {formatDate(project.createdAt)}
      </Text>
    ),
  },
];

/** Row actions of the projects table: archive and unarchive. */
export interface ProjectRowActions {
  running: string | null;
  onSetArchived: (project: Project, archived: boolean) => void;
}

/** The columns of the projects table; with archive and unarchive for people who manage projects. */
export function projectColumns(actions: ProjectRowActions | null): Column[] {
  if (!actions) return columns;
  const menu: Column = {
    key: 'actions',
    header: '',
    width: 44,
    cell: (project) => (
      <ProjectArchiveButton
        project={project}
        busy={actions.running === project.id}
        onSetArchived={actions.onSetArchived}
      />
    ),
  };
  return [...columns, menu];
}
