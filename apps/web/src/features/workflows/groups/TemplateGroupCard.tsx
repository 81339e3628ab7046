import type { WorkflowTemplateGroup, WorkflowTemplateVersion } from '@crossarm/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { GroupMenu } from './GroupMenu';
import { GroupVersionsTable } from './GroupVersionsTable';
import { currentOf, draftOf, type GroupStep } from './group-lifecycle';
import { designerPath } from './use-group-actions';
import { useVersionPermitCounts } from './use-version-permit-counts';

interface TemplateGroupCardProps {
  group: WorkflowTemplateGroup;
  canManage: boolean;
  busy: boolean;
  onStep: (step: GroupStep) => void;
  onNewDraft: () => void;
  /** Opens the dialog moving a version's permits (how many there are) to another version. */
  onMovePermits: (version: WorkflowTemplateVersion, permitCount: number) => void;
}

/** One template group: its status, what it offers for new permits, its versions and its actions. */
export function TemplateGroupCard({
  group,
  canManage,
  busy,
  onStep,
  onNewDraft,
  onMovePermits,
}: TemplateGroupCardProps) {
  const permitCounts = useVersionPermitCounts(group, canManage);
  const draft = draftOf(group);
  const current = currentOf(group);
  const editable = canManage && group.status !== 'Archived';
  let offer = 'Not offered for new permits.';
  if (group.status === 'Active' && current) offer = `New permits use version ${current.version}.`;
  else if (!current) offer = 'Nothing published yet.';

  return (
    <Paper withBorder radius="md" p="md" aria-label={group.name} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Title order={3} fz="md" lineClamp={1}>
                {group.name}
              </Title>
              <StatusBadge status={group.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {offer}
            </Text>
          </Stack>
          {canManage ? (
            <Group gap="xs" wrap="nowrap">
              {editable && draft ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  component={Link}
                  to={designerPath(group.projectId, draft.id)}
                >
                  Edit draft
                </Button>
              ) : null}
              {editable && !draft ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlus size={14} />}
                  loading={busy}
                  onClick={onNewDraft}
                >
                  New draft
                </Button>
              ) : null}
              <GroupMenu group={group} busy={busy} onStep={onStep} />
            </Group>
          ) : null}
        </Group>
        <GroupVersionsTable
          group={group}
          permitCounts={canManage ? permitCounts : undefined}
          onMovePermits={
            canManage ? (version) => onMovePermits(version, permitCounts.get(version.id) ?? 0) : undefined
          }
        />
      </Stack>
    </Paper>
  );
}
