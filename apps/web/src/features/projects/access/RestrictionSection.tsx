import { formatDate, type ProjectRestriction } from '@crossarm/shared';
import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import type { Contributor } from '../api';
import { RestrictDialog } from './RestrictDialog';

interface RestrictionSectionProps {
  projectId: string;
  contributor: Contributor;
  restriction: ProjectRestriction | null;
  canManage: boolean;
  lifting: boolean;
  onLift: () => void;
  onSaved: (restrictions: ProjectRestriction[]) => void;
}

/** Whether an attacher is restricted on the project, why, and Restrict / Remove restriction for the owner. */
export function RestrictionSection(props: RestrictionSectionProps) {
  const { projectId, contributor, restriction, canManage, lifting, onLift, onSaved } = props;
  const [editing, setEditing] = useState(false);
  const name = contributor.organizationName;
  const by = restriction?.createdBy ? ` by ${restriction.createdBy}` : '';

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} fz="sm" fw={600}>
            Restriction
          </Title>
          <Text size="xs" c="dimmed">
            A restricted organization sees the project and its permits but cannot create permits.
          </Text>
        </div>
        {canManage ? (
          <Group gap="xs" wrap="nowrap">
            {restriction ? (
              <>
                <Button size="xs" variant="default" onClick={() => setEditing(true)}>
                  Change reason
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconLockOpen size={14} />}
                  loading={lifting}
                  onClick={onLift}
                >
                  Remove restriction
                </Button>
              </>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconLock size={14} />}
                onClick={() => setEditing(true)}
              >
                Restrict
              </Button>
            )}
          </Group>
        ) : null}
      </Group>
      {restriction ? (
        <Alert color="red" variant="light" icon={<IconLock size={16} />} title={`${name} is restricted`}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {restriction.reason}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Since {formatDate(restriction.createdAt)}
            {by}
          </Text>
        </Alert>
      ) : (
        <Text size="sm">{name} is not restricted.</Text>
      )}
      <RestrictDialog
        opened={editing}
        onClose={() => setEditing(false)}
        projectId={projectId}
        organization={contributor}
        current={restriction}
        onSaved={(restrictions) => {
          setEditing(false);
          onSaved(restrictions);
          notifySuccess(
            restriction ? 'Reason changed' : 'Organization restricted',
            restriction ? `${name} now sees the new reason.` : `${name} can no longer create permits here.`,
          );
        }}
      />
    </Paper>
  );
}
