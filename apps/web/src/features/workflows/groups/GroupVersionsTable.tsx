import { formatDate, type WorkflowTemplateGroup } from '@crossarm/shared';
import { Anchor, Badge, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import { designerPath } from './use-group-actions';
import { VersionStatusBadge } from './VersionStatusBadge';

/** A group's versions, newest first: each opens in the designer, a draft for editing. */
export function GroupVersionsTable({ group }: { group: WorkflowTemplateGroup }) {
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
          <Table.Th w={140}>Updated</Table.Th>
          <Table.Th w={140}>Published</Table.Th>
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
            <Table.Td>{formatDate(version.updatedAt)}</Table.Td>
            <Table.Td>{version.publishedAt ? formatDate(version.publishedAt) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
