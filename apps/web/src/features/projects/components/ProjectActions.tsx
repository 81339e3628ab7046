import type { Project } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { projectKeys, updateProject } from '../api';
import { useProjectArchive } from '../use-project-archive';
import { ProjectFormModal } from './ProjectFormModal';

/** A project manager's buttons on the project's page: Edit (a dialog) and Archive or Unarchive. */
export function ProjectActions({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const { setArchived, running } = useProjectArchive();
  const archived = project.status === 'Archived';
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={archived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
        loading={running === project.id}
        onClick={() => void setArchived(project, !archived)}
      >
        {archived ? 'Unarchive' : 'Archive'}
      </Button>
      <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
        Edit
      </Button>
      <ProjectFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        project={project}
        title={`Edit ${project.name}`}
        submitLabel="Save changes"
        save={(body, onError) => updateProject(project.id, body, onError)}
        onSaved={(saved) => {
          setEditing(false);
          queryClient.setQueryData(projectKeys.detail(saved.id), saved);
          void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
          notifySuccess('Project saved', `${saved.name} was updated.`);
        }}
      />
    </>
  );
}
