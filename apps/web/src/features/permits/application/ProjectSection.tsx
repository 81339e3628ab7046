import type { Project, ProjectRestrictionCheck } from '@crossarm/shared';
import { Alert, Anchor, Group, List, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface ProjectChoice {
  project: Project;
  /** Undefined while the check is loading. */
  check: ProjectRestrictionCheck | undefined;
}

interface ProjectSectionProps {
  choices: ProjectChoice[] | undefined;
  value: string | null;
  onChange: (projectId: string | null) => void;
  /** A draft keeps its project. */
  locked: boolean;
  error?: string | null;
}

const reasonsOf = (choice: ProjectChoice) => choice.check?.reasons ?? [];
const blocked = (choice: ProjectChoice) => choice.check !== undefined && !choice.check.canCreatePermits;

/** Why a project does not take the caller's applications, with the way to its terms when that is why. */
function BlockReasons({ choice }: { choice: ProjectChoice }) {
  return (
    <List size="sm" spacing={2}>
      {reasonsOf(choice).map((reason) => (
        <List.Item key={reason.code}>
          {reason.message}{' '}
          {reason.code === 'TermsNotAccepted' ? (
            <Anchor component={Link} to={`/projects/${choice.project.id}?tab=terms`} size="sm">
              Read and accept the terms
            </Anchor>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

/** The project to apply on: the caller's projects, those that do not take its applications disabled. */
export function ProjectSection({ choices, value, onChange, locked, error }: ProjectSectionProps) {
  if (!choices) return <Skeleton h={56} radius="sm" />;
  if (choices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Your organization takes part in no active project yet. A pole owner adds your organization to its
        project; then you can apply here.
      </Text>
    );
  }
  const selected = choices.find((choice) => choice.project.id === value);
  const unavailable = choices.filter(blocked);
  return (
    <Stack gap="xs">
      <Select
        label="Project"
        placeholder="Choose the project to apply on"
        withAsterisk
        searchable
        maw={520}
        disabled={locked}
        description={locked ? 'A draft stays on the project it was saved for.' : undefined}
        nothingFoundMessage="No project by that name"
        error={error ?? undefined}
        value={value}
        onChange={onChange}
        data={choices.map((choice) => ({
          value: choice.project.id,
          label: `${choice.project.name} (${choice.project.projectCode})`,
          disabled: blocked(choice),
        }))}
        renderOption={({ option }) => {
          const choice = choices.find((c) => c.project.id === option.value);
          return (
            <Stack gap={0}>
              <Group gap={6} wrap="nowrap">
                {choice && blocked(choice) ? <IconLock size={12} aria-hidden /> : null}
                <Text size="sm">{option.label}</Text>
              </Group>
              {choice && blocked(choice) ? (
                <Text size="xs" c="dimmed">
                  {reasonsOf(choice)
                    .map((r) => r.message)
                    .join(' ')}
                </Text>
              ) : null}
            </Stack>
          );
        }}
      />
      {selected && blocked(selected) ? (
        <Alert color="yellow" variant="light" p="xs" title="This project does not take your applications now">
          <BlockReasons choice={selected} />
        </Alert>
      ) : null}
      {unavailable.length > 0 && !(selected && blocked(selected)) ? (
        <Text size="xs" c="dimmed" component="div">
          {unavailable.length === 1 ? 'One project is' : `${unavailable.length} projects are`} not open to
          your applications:{' '}
          {unavailable.map((choice, index) => (
            <span key={choice.project.id}>
              {index > 0 ? '; ' : ''}
              {choice.project.name}:{' '}
              {reasonsOf(choice)
                .map((r) => r.message)
                .join(' ')}
              {reasonsOf(choice).some((r) => r.code === 'TermsNotAccepted') ? (
                <>
                  {' '}
                  <Anchor component={Link} to={`/projects/${choice.project.id}?tab=terms`} size="xs">
                    Accept the terms
                  </Anchor>
                </>
              ) : null}
            </span>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}
