import { Button } from '@mantine/core';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { NoMatchesPanel } from '../../../components/data-table/NoMatchesPanel';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';

interface ProjectsEmptyStateProps {
  /** The search, or a status other than Active, hides projects. */
  filtered: boolean;
  onClearFilters: () => void;
  /** Set for people who may create projects. */
  onCreate?: () => void;
}

/** What the projects list is for when it is empty, and its first action. */
export function ProjectsEmptyState({ filtered, onClearFilters, onCreate }: ProjectsEmptyStateProps) {
  if (filtered) {
    return (
      <NoMatchesPanel
        noun="projects"
        hint="Search looks at project names and codes. Try another search, or look at all statuses."
        onClearFilters={onClearFilters}
      />
    );
  }
  return (
    <EmptyStatePanel
      icon={IconFolders}
      title="No projects yet"
      description={
        onCreate
          ? 'A project gathers the permits of one attachment program: the pole owner runs it and invites the attachers who apply on its poles.'
          : 'Projects appear here once a pole owner adds your organization to one. Your permits are filed under those projects.'
      }
      action={
        onCreate ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onCreate}>
            New project
          </Button>
        ) : null
      }
    />
  );
}
