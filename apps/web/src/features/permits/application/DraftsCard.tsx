import { formatDateTime, type PermitDraftSummary } from '@crossarm/shared';
import { Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DraftsCardProps {
  drafts: PermitDraftSummary[];
  /** The draft open on the page, if any. */
  openId: string | null;
  onOpen: (draft: PermitDraftSummary) => void;
  onDelete: (draft: PermitDraftSummary) => void;
}

/** The caller's saved applications, to finish or throw away. */
export function DraftsCard({ drafts, openId, onOpen, onDelete }: DraftsCardProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="sm">
          Drafts
        </Title>
        <Text size="xs" c="dimmed">
          Applications you saved to finish later
        </Text>
      </Group>
      <Table verticalSpacing={4} horizontalSpacing="sm" fz="sm" aria-label="Drafts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th ta="right">Poles</Table.Th>
            <Table.Th>Last saved</Table.Th>
            <Table.Th w={170} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((draft) => (
            <Table.Tr key={draft.id} h={32}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{draft.project.name}</Text>
                  {draft.id === openId ? (
                    <Badge size="xs" variant="light" radius="sm" tt="none">
                      Open
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td c={draft.location ? undefined : 'dimmed'}>{draft.location ?? '—'}</Table.Td>
              <Table.Td ta="right">{draft.poleCount.toLocaleString('en-US')}</Table.Td>
              <Table.Td>{formatDateTime(draft.updatedAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={draft.id === openId}
                    onClick={() => onOpen(draft)}
                    aria-label={`Open the draft for ${draft.project.name}`}
                  >
                    Open
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={12} />}
                    onClick={() => onDelete(draft)}
                    aria-label={`Delete the draft for ${draft.project.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
