import type { ProjectRestriction } from '@crossarm/shared';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconLock, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from '../../../components/data-table/data-table-types';
import type { Contributor } from '../api';
import { ProjectRoleBadge } from '../components/ProjectRoleBadge';

interface ContributorColumnsOptions {
  ownerOrganizationId: string;
  /** Whether the caller may open a contributor's details (its permissions, restriction and people). */
  canOpen: (contributor: Contributor) => boolean;
  expandedId: string | null;
  onToggle: (contributor: Contributor) => void;
  restrictionOf: (organizationId: string) => ProjectRestriction | undefined;
  /** Set for the pole owner's managers: the remove action, and which organization is being removed. */
  removal: { removing: string | null; onRemove: (contributor: Contributor) => void } | null;
}

function ExpandToggle({
  contributor,
  expanded,
  onToggle,
}: {
  contributor: Contributor;
  expanded: boolean;
  onToggle: () => void;
}) {
  const label = `${expanded ? 'Hide' : 'Show'} details of ${contributor.organizationName}`;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      aria-expanded={expanded}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      {expanded ? <IconChevronDown size={15} /> : <IconChevronRight size={15} />}
    </ActionIcon>
  );
}

function RestrictedBadge({ restriction }: { restriction: ProjectRestriction }) {
  return (
    <Tooltip label={restriction.reason} multiline maw={320} withinPortal>
      <Badge size="sm" variant="light" color="red" radius="sm" tt="none" leftSection={<IconLock size={11} />}>
        Restricted
      </Badge>
    </Tooltip>
  );
}

/** The contributors table's columns: details toggle, organization, role, restriction and removal. */
export function contributorColumns(options: ContributorColumnsOptions): DataTableColumn<Contributor>[] {
  const { ownerOrganizationId, canOpen, expandedId, onToggle, restrictionOf, removal } = options;
  const isOwner = (contributor: Contributor) => contributor.organizationId === ownerOrganizationId;
  const columns: DataTableColumn<Contributor>[] = [
    {
      key: 'expand',
      header: '',
      width: 40,
      cell: (contributor) =>
        canOpen(contributor) ? (
          <ExpandToggle
            contributor={contributor}
            expanded={expandedId === contributor.organizationId}
            onToggle={() => onToggle(contributor)}
          />
        ) : null,
    },
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
    { key: 'role', header: 'Role', width: 140, cell: (c) => <ProjectRoleBadge role={c.role} /> },
    {
      key: 'access',
      header: 'Access',
      width: 130,
      cell: (contributor) => {
        const restriction = restrictionOf(contributor.organizationId);
        return restriction ? <RestrictedBadge restriction={restriction} /> : null;
      },
    },
  ];
  if (!removal) return columns;
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
            loading={removal.removing === contributor.organizationId}
            onClick={(event) => {
              event.stopPropagation();
              removal.onRemove(contributor);
            }}
          >
            <IconTrash size={15} />
          </ActionIcon>
        </Tooltip>
      ),
  });
  return columns;
}
