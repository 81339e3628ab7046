import type { Project } from '@crossarm/shared';
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { type Contributor, fetchContributors, projectKeys } from '../api';
import { AddContributorModal } from '../components/AddContributorModal';
import { ProjectRoleBadge } from '../components/ProjectRoleBadge';
import { useContributorChanges } from '../use-contributor-changes';

interface ContributorsTabProps {
  project: Project;
  /** Add and remove organizations (the pole owner's managers). */
  canManage: boolean;
}

/** The organizations taking part in a project with their roles; the pole owner adds and removes them. */
export function ContributorsTab({ project, canManage }: ContributorsTabProps) {
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: projectKeys.contributors(project.id),
    queryFn: ({ signal }) => fetchContributors(project.id, signal),
    // The project arrived with its contributors a moment ago: no second call on opening the tab.
    initialData: project.contributors,
    staleTime: 30_000,
  });
  const { applied, remove, removing } = useContributorChanges(project);
  const contributors = query.data;
  const isOwner = (contributor: Contributor) => contributor.organizationId === project.ownerOrganizationId;

  const columns: DataTableColumn<Contributor>[] = [
    {
      key: 'organization',
      header: 'Organization',
      cell: (contributor) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} c="var(--mantine-color-bright)" truncate="end">
            {contributor.organizationName}
          </Text>
          {isOwner(contributor) ? (
            <Text size="xs" c="dimmed">
              Owner
            </Text>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      width: 140,
      cell: (contributor) => <ProjectRoleBadge role={contributor.role} />,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: '',
      width: 52,
      align: 'right',
      // The owner organization cannot leave its own project, so it has no remove action.
      cell: (contributor) =>
        isOwner(contributor) ? null : (
          <Tooltip label="Remove from project">
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${contributor.organizationName}`}
              loading={removing === contributor.organizationId}
              onClick={() => void remove(contributor)}
            >
              <IconTrash size={15} />
            </ActionIcon>
          </Tooltip>
        ),
    });
  }

  return (
    <>
      <TableToolbar
        actions={
          canManage ? (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
              Add organization
            </Button>
          ) : null
        }
      >
        <Text size="sm" c="dimmed">
          {contributors.length} {contributors.length === 1 ? 'organization takes' : 'organizations take'} part
          in this project.
        </Text>
      </TableToolbar>
      <DataTable
        label="Contributors"
        columns={columns}
        rows={contributors}
        getRowId={(contributor) => contributor.organizationId}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          <EmptyStatePanel
            icon={IconUsersGroup}
            title="No organizations yet"
            description="The pole owner adds the attachers that apply for permits on this project."
          />
        }
      />
      <AddContributorModal
        opened={adding}
        onClose={() => setAdding(false)}
        projectId={project.id}
        projectName={project.name}
        present={contributors.map((contributor) => contributor.organizationId)}
        onAdded={(next, name) => {
          setAdding(false);
          applied(next);
          notifySuccess('Organization added', `${name} now takes part in ${project.name}.`);
        }}
      />
    </>
  );
}
