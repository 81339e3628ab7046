import type { PermitCreationBlocker, Project } from '@crossarm/shared';
import { Anchor, Group, List, Paper, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RetryNote } from '../components/RetryNote';
import { fetchRestrictionCheck, setupKeys } from '../setup-api';
import { useRestrictionEvents } from './use-restriction-events';

interface ApplyCheckPanelProps {
  project: Project;
  /** Opens another tab of the project (the terms, to accept them). */
  onOpenTab: (tab: 'terms') => void;
}

/** What to offer next to a reason, when the caller can resolve it here. */
const NEXT_STEP: Partial<Record<PermitCreationBlocker, { label: string; tab: 'terms' }>> = {
  TermsNotAccepted: { label: 'Read and accept the terms', tab: 'terms' },
};

/** "Can my organization apply?": whether the caller may create permits on the project, and every reason not. */
export function ApplyCheckPanel({ project, onOpenTab }: ApplyCheckPanelProps) {
  useRestrictionEvents(project.id);
  const query = useQuery({
    queryKey: setupKeys.check(project.id),
    queryFn: ({ signal }) => fetchRestrictionCheck(project.id, signal),
  });
  const check = query.data;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="apply-check-title">
      <Title order={2} fz="sm" fw={600} mb="sm" id="apply-check-title">
        Can my organization apply?
      </Title>
      {query.isError ? (
        <RetryNote
          message="Whether you can apply could not be checked."
          onRetry={() => void query.refetch()}
        />
      ) : !check ? (
        <Skeleton height={20} width="60%" />
      ) : check.canCreatePermits ? (
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color="green" variant="light" size="sm" radius="xl">
            <IconCircleCheck size={14} />
          </ThemeIcon>
          <Text size="sm">Yes. You can create permits on this project.</Text>
        </Group>
      ) : (
        <>
          <Group gap="xs" wrap="nowrap" mb="xs">
            <ThemeIcon color="yellow" variant="light" size="sm" radius="xl">
              <IconAlertTriangle size={14} />
            </ThemeIcon>
            <Text size="sm" fw={500}>
              Not at the moment:
            </Text>
          </Group>
          <List size="sm" spacing={4} withPadding aria-label="Why not">
            {check.reasons.map((reason) => {
              const next = NEXT_STEP[reason.code];
              return (
                <List.Item key={reason.code}>
                  {reason.message}
                  {next ? (
                    <>
                      {' '}
                      <Anchor component="button" size="sm" onClick={() => onOpenTab(next.tab)}>
                        {next.label}
                      </Anchor>
                    </>
                  ) : null}
                </List.Item>
              );
            })}
          </List>
        </>
      )}
    </Paper>
  );
}
