import { formatDate, type WorkflowTemplateGroup, type WorkflowTemplateVersion } from '@crossarm/shared';
import { Anchor, Badge, Button, Group, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canMovePermitsFrom } from './migration-plan';
import { designerPath } from './use-group-actions';
import { VersionStatusBadge } from './VersionStatusBadge';

interface GroupVersionsTableProps {
  group: WorkflowTemplateGroup;
  /** Permits per published version, by id; the Permits column shows only when given. */
  permitCounts?: ReadonlyMap<string, number>;
  /** Opens the dialog moving a version's permits; the action shows only when given. */
  onMovePermits?: (version: WorkflowTemplateVersion) => void;
}

function PermitCount({
  version,
  counts,
}: {
  version: WorkflowTemplateVersion;
  counts: ReadonlyMap<string, number>;
}) {
  if (version.status !== 'Published') return '—';
  const count = counts.get(version.id);
  if (count === undefined) return <Skeleton height={12} width={24} ml="auto" aria-label="Counting permits" />;
  return count;
}

/** A group's versions, newest first: each opens in the designer, a draft for editing. */
export function GroupVersionsTable({ group, permitCounts, onMovePermits }: GroupVersionsTableProps) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" aria-label={`Versions of ${group.name}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Version</Table.Th>
          <Table.Th w={120}>Status</Table.Th>
          <Table.Th w={80} ta="right">
            Stages
          </Table.Th>
          <Table.Th w={80} ta="right">
            Tasks
          </Table.Th>
          {permitCounts ? (
            <Table.Th w={80} ta="right">
              Permits
            </Table.Th>
          ) : null}
          <Table.Th w={140}>Updated</Table.Th>
          <Table.Th w={140}>Published</Table.Th>
          {onMovePermits ? (
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {group.versions.map((version) => (
          <Table.Tr key={version.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Anchor component={Link} to={designerPath(group.projectId, version.id)} size="sm" fw={500}>
                  Version {version.version}
                </Anchor>
                {version.id === group.currentVersionId ? (
                  <Badge size="xs" variant="outline" radius="sm" tt="none">
                    Current
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>
              <VersionStatusBadge status={version.status} />
            </Table.Td>
            <Table.Td ta="right">{version.stageCount}</Table.Td>
            <Table.Td ta="right">{version.taskCount}</Table.Td>
            {permitCounts ? (
              <Table.Td ta="right">
                <PermitCount version={version} counts={permitCounts} />
              </Table.Td>
            ) : null}
            <Table.Td>{formatDate(version.updatedAt)}</Table.Td>
            <Table.Td>{version.publishedAt ? formatDate(version.publishedAt) : '—'}</Table.Td>
            {onMovePermits ? (
              <Table.Td ta="right">
                {canMovePermitsFrom(group, version, permitCounts?.get(version.id)) ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconTransfer size={14} />}
                    onClick={() => onMovePermits(version)}
                    aria-label={`Move permits of version ${version.version}`}
                  >
                    Move permits…
                  </Button>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
