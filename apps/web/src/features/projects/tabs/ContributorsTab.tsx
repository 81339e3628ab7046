import type { Project } from '@crossarm/shared';
import { Button, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import { TableToolbar } from '../../../components/data-table/TableToolbar';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { useSession } from '../../session/use-session';
import { ContributorDetail } from '../access/ContributorDetail';
import { contributorColumns } from '../access/contributor-columns';
import { contributorAbilities } from '../access/setup-abilities';
import { useRestrictions } from '../access/use-restrictions';
import { type Contributor, fetchContributors, projectKeys } from '../api';
import { AddContributorModal } from '../components/AddContributorModal';
import { useContributorChanges } from '../use-contributor-changes';

interface ContributorsTabProps {
  project: Project;
  /** Add and remove organizations (the pole owner's managers). */
  canManage: boolean;
}

/**
 * The organizations taking part in a project with their roles; the pole owner adds and removes them. A row
 * opens to the organization's project permissions, its restriction and its people.
 */
export function ContributorsTab({ project, canManage }: ContributorsTabProps) {
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const query = useQuery({
    queryKey: projectKeys.contributors(project.id),
    queryFn: ({ signal }) => fetchContributors(project.id, signal),
    // The project arrived with its contributors a moment ago: no second call on opening the tab.
    initialData: project.contributors,
    staleTime: 30_000,
  });
  const { applied, remove, removing } = useContributorChanges(project);
  const restrictions = useRestrictions(project);
  const contributors = query.data;
  const abilitiesOf = (contributor: Contributor) =>
    contributorAbilities(session, project, contributor.organizationId);
  const toggle = (contributor: Contributor) =>
    setExpandedId((current) => (current === contributor.organizationId ? null : contributor.organizationId));

  const columns = contributorColumns({
    ownerOrganizationId: project.ownerOrganizationId,
    canOpen: (contributor) => abilitiesOf(contributor).see,
    expandedId,
    onToggle: toggle,
    restrictionOf: (organizationId) => restrictions.byOrganization.get(organizationId),
    removal: canManage ? { removing, onRemove: (contributor) => void remove(contributor) } : null,
  });

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
        onRowClick={(contributor) => (abilitiesOf(contributor).see ? toggle(contributor) : undefined)}
        expandedRowId={expandedId}
        renderExpanded={(contributor) => (
          <ContributorDetail
            projectId={project.id}
            contributor={contributor}
            abilities={abilitiesOf(contributor)}
            restriction={restrictions.byOrganization.get(contributor.organizationId) ?? null}
            lifting={restrictions.lifting === contributor.organizationId}
            onLift={() => void restrictions.lift(contributor.organizationId, contributor.organizationName)}
            onRestrictionsChanged={restrictions.applied}
          />
        )}
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
