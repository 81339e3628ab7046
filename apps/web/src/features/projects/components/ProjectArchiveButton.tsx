import type { Project } from '@crossarm/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';

interface ProjectArchiveButtonProps {
  project: Project;
  busy: boolean;
  onSetArchived: (project: Project, archived: boolean) => void;
}

/** A project row's action for people who manage projects: archive it, or unarchive an archived one. */
export function ProjectArchiveButton({ project, busy, onSetArchived }: ProjectArchiveButtonProps) {
  const archived = project.status === 'Archived';
  const label = archived ? 'Unarchive' : 'Archive';
  const Icon = archived ? IconArchiveOff : IconArchive;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        loading={busy}
        aria-label={`${label} ${project.name}`}
        onClick={(event) => {
          // The row itself opens the project.
          event.stopPropagation();
          onSetArchived(project, !archived);
        }}
      >
        <Icon size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
