import { formatDate, type PermitTimer } from '@crossarm/shared';
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Crumb, PageHeader } from '../../../../components/PageHeader';
import type { PermitHeaderView } from '../api';
import { PermitActionsMenu } from './PermitActionsMenu';
import { PermitStatusBadge } from './PermitStatusBadge';
import { TimerBadge } from './TimerBadge';

interface PermitHeaderCardProps {
  header: PermitHeaderView;
  timers: readonly PermitTimer[];
  breadcrumbs: Crumb[];
}

/** One fact of the header: a small label above its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} maw={280} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" truncate="end">
        {children}
      </Text>
    </Stack>
  );
}

const names = (people: readonly { name: string }[]) => people.map((person) => person.name).join(', ');

/** The timers that tell something now: running, paused or overdue (not those not started or finished in time). */
function liveTimers(timers: readonly PermitTimer[]) {
  return timers.filter((timer) => timer.startedAt && (!timer.stoppedAt || timer.breached));
}

/**
 * The top of a permit's page: breadcrumbs, number and status with the Actions menu, the applicant, place,
 * poles and key dates, the active stage with the next task and its assignees, and the clocks running now.
 */
export function PermitHeaderCard({ header, timers, breadcrumbs }: PermitHeaderCardProps) {
  const next = header.nextTasks[0] ?? null;
  const running = liveTimers(timers);
  return (
    <>
      <PageHeader
        title={header.permitNumber}
        breadcrumbs={breadcrumbs}
        aside={
          <>
            <PermitStatusBadge status={header.status} />
            {header.restricted ? (
              <Tooltip label={header.restrictedReason ?? 'Restricted'} withArrow>
                <Badge
                  variant="light"
                  color="red"
                  radius="sm"
                  tt="none"
                  fw={600}
                  style={{ flexShrink: 0 }}
                  leftSection={<IconLock size={12} aria-hidden />}
                >
                  Restricted
                </Badge>
              </Tooltip>
            ) : null}
            <Text size="sm" c="dimmed" truncate="end">
              {header.template.name} v{header.template.version} · {header.completedStageCount} of{' '}
              {header.stageCount} stages done
            </Text>
          </>
        }
        actions={<PermitActionsMenu header={header} />}
      />
      <Paper withBorder radius="md" p="sm" mb="sm">
        <Stack gap="sm">
          <Group gap="xl" align="flex-start" style={{ rowGap: 8 }}>
            <Fact label="Applicant">{header.applicant.name}</Fact>
            <Fact label="Project">
              <Anchor component={Link} to={`/projects/${header.project.id}`} size="sm">
                {header.project.name}
              </Anchor>
            </Fact>
            <Fact label="Location">{header.location ?? '—'}</Fact>
            <Fact label="Poles">{header.poles ?? '—'}</Fact>
            <Fact label="Created">{formatDate(header.createdAt)}</Fact>
            <Fact label="Last activity">{formatDate(header.lastActivityAt)}</Fact>
            <Fact label="Active stage">
              {header.activeStage?.name ?? (header.completedAt ? 'Completed' : 'All stages done')}
            </Fact>
            <Fact label="Next task">
              {next ? (
                <Tooltip
                  label={
                    next.assignees.length ? `Assigned to ${names(next.assignees)}` : 'Nobody is assigned'
                  }
                >
                  <span>
                    {next.name}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {next.assignees.length ? names(next.assignees) : 'unassigned'}
                    </Text>
                  </span>
                </Tooltip>
              ) : (
                '—'
              )}
            </Fact>
          </Group>
          {running.length > 0 ? (
            <Group gap={6} aria-label="Running timers">
              {running.map((timer) => (
                <TimerBadge key={`${timer.ownerKind}-${timer.ownerKey}`} timer={timer} withName />
              ))}
            </Group>
          ) : null}
          <StatusNotes header={header} />
        </Stack>
      </Paper>
    </>
  );
}

/** Why the permit is held, restricted or waiting, when it is. */
function StatusNotes({ header }: { header: PermitHeaderView }) {
  const notes: Array<{ key: string; title: string; text: string }> = [];
  if (header.status === 'OnHold') {
    notes.push({
      key: 'hold',
      title: 'On hold',
      text: header.onHoldReason ?? 'Work on this permit is paused.',
    });
  }
  if (header.status === 'CancelRequested') {
    notes.push({
      key: 'cancel',
      title: 'Cancellation requested',
      text:
        header.cancelRequest?.reason ??
        'The applicant asked for this permit to be cancelled; the pole owner decides.',
    });
  }
  if (header.restricted) {
    notes.push({
      key: 'restricted',
      title: 'Restricted',
      text: header.restrictedReason ?? 'Work on this permit stops until the restriction is removed.',
    });
  }
  if (notes.length === 0) return null;
  return (
    <Stack gap={6}>
      {notes.map((note) => (
        <Alert
          key={note.key}
          color={note.key === 'restricted' ? 'red' : 'yellow'}
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          title={note.title}
        >
          <Text size="sm">{note.text}</Text>
        </Alert>
      ))}
    </Stack>
  );
}
