import type { Project } from '@crossarm/shared';
import { IconFileText } from '@tabler/icons-react';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

/** The terms an applicant accepts before submitting a permit on the project. */
export function TermsTab({ project }: { project: Project }) {
  return (
    <EmptyStatePanel
      icon={IconFileText}
      maw={520}
      title="No terms yet"
      description={`The terms attachers accept before they submit a permit on ${project.name} will be shown and edited here.`}
    />
  );
}
