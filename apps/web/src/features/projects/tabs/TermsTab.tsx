import type { Project } from '@crossarm/shared';
import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconFileText, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { useSession } from '../../session/use-session';
import { RetryNote } from '../components/RetryNote';
import { canManageContributors } from '../project-abilities';
import { fetchTerms, setupKeys } from '../setup-api';
import { CurrentTerms } from '../terms/CurrentTerms';
import { TermsEditor } from '../terms/TermsEditor';

function TermsSkeleton() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Skeleton h={16} w="30%" />
        <Skeleton h={12} />
        <Skeleton h={12} />
        <Skeleton h={12} w="70%" />
      </Stack>
    </Paper>
  );
}

/** The terms an attacher accepts before creating permits: the current version, its acceptance, and new versions. */
export function TermsTab({ project }: { project: Project }) {
  const canPublish = canManageContributors(useSession(), project);
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: setupKeys.terms(project.id),
    queryFn: ({ signal }) => fetchTerms(project.id, signal),
  });
  const state = query.data;
  const terms = state?.terms ?? null;

  if (query.isError) {
    return <RetryNote message="The terms could not be loaded." onRetry={() => void query.refetch()} />;
  }
  if (!state) return <TermsSkeleton />;
  if (editing) {
    return (
      <TermsEditor
        projectId={project.id}
        initial={terms?.htmlContent ?? ''}
        nextVersion={(terms?.version ?? 0) + 1}
        onDone={() => setEditing(false)}
      />
    );
  }
  if (!terms) {
    return (
      <EmptyStatePanel
        icon={IconFileText}
        maw={520}
        title="No terms yet"
        description={
          canPublish
            ? `Write the terms attachers accept before they create permits on ${project.name}.`
            : `${project.ownerOrganizationName} has not set terms for ${project.name}; nothing needs accepting.`
        }
        action={
          canPublish ? (
            <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              Write terms
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <CurrentTerms
      project={project}
      state={{ ...state, terms }}
      onPublishNew={canPublish ? () => setEditing(true) : undefined}
    />
  );
}
