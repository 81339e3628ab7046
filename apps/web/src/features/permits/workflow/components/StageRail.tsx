import type { PermitTimer, TrackerStageHeader } from '@crossarm/shared';
import { enumWords } from '@crossarm/shared';
import { Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDuration, timerOf, workColor } from '../timer-text';
import { TimerBadge } from './TimerBadge';

interface StageRailProps {
  permitId: string;
  stages: readonly TrackerStageHeader[] | undefined;
  timers: readonly PermitTimer[];
  selectedKey: string | null;
  /** True when the stages did not load; `onRetry` asks again. */
  failed?: boolean;
  onRetry?: () => void;
}

function StageIcon({ stage }: { stage: TrackerStageHeader }) {
  const color = workColor(stage.status);
  const Icon =
    stage.status === 'Completed'
      ? IconCheck
      : stage.status === 'Active'
        ? IconPlayerPlayFilled
        : IconCircleDashed;
  return (
    <ThemeIcon
      size={22}
      radius="xl"
      color={color}
      variant={stage.status === 'NotStarted' ? 'light' : 'filled'}
    >
      <Icon size={12} aria-hidden />
    </ThemeIcon>
  );
}

/** The stages of a permit as a vertical stepper: status, tasks done, time spent; each opens its stage. */
export function StageRail({
  permitId,
  stages,
  timers,
  selectedKey,
  failed = false,
  onRetry,
}: StageRailProps) {
  if (!stages && failed) {
    return (
      <Paper withBorder radius="md" p="sm" role="alert">
        <Stack gap="xs">
          <Text size="sm">The stages did not load. Check your connection and try again.</Text>
          <Button size="xs" variant="default" onClick={onRetry} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (!stages) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading stages">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={52} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <nav aria-label="Stages">
      <Stack gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {stages.map((stage, index) => {
          const selected = stage.key === selectedKey;
          const timer = timerOf(timers, stage.key);
          return (
            <Box component="li" key={stage.key} pos="relative">
              {index < stages.length - 1 ? (
                <Box
                  aria-hidden
                  pos="absolute"
                  left={20}
                  top={34}
                  bottom={-6}
                  w={2}
                  bg={
                    stage.status === 'Completed'
                      ? 'var(--mantine-color-green-filled)'
                      : 'var(--mantine-color-default-border)'
                  }
                />
              ) : null}
              <UnstyledButton
                component={Link}
                to={`/permitting/${permitId}/workflow/stages/${stage.key}`}
                aria-current={selected ? 'step' : undefined}
                display="block"
                w="100%"
                mb={6}
              >
                <Paper
                  radius="md"
                  px="xs"
                  py={6}
                  withBorder={selected}
                  bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                  style={{ borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined }}
                >
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <StageIcon stage={stage} />
                    <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={selected ? 600 : 500} truncate="end">
                        {stage.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {enumWords(stage.status)} · {stage.completedTaskCount}/{stage.taskCount} tasks
                        {stage.elapsedMs !== null ? ` · ${formatDuration(stage.elapsedMs)}` : ''}
                      </Text>
                      {stage.activeTask && stage.status === 'Active' ? (
                        <Text size="xs" c="dimmed" truncate="end">
                          Now: {stage.activeTask.name}
                        </Text>
                      ) : null}
                      {timer?.startedAt ? (
                        <Box mt={2}>
                          <TimerBadge timer={timer} />
                        </Box>
                      ) : null}
                    </Stack>
                  </Group>
                </Paper>
              </UnstyledButton>
            </Box>
          );
        })}
      </Stack>
    </nav>
  );
}
