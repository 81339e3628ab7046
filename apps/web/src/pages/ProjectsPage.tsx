import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../components/notifications/notify';
import { PageHeader } from '../components/PageHeader';
import { createProject, projectKeys } from '../features/projects/api';
import { ProjectFormModal } from '../features/projects/components/ProjectFormModal';
import { ProjectsList } from '../features/projects/components/ProjectsList';
import { projectPath } from '../features/projects/components/project-columns';
import { projectAbilities } from '../features/projects/project-abilities';
import { useSession } from '../features/session/use-session';

/** Projects: the joint use projects the user's organization owns or contributes to. */
export function ProjectsPage() {
  const abilities = projectAbilities(useSession());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const create = abilities.create ? () => setCreating(true) : undefined;
  return (
    <>
      <PageHeader
        title="Projects"
        description="Joint use projects your organization owns or contributes to."
        actions={
          create ? (
            <Button size="sm" leftSection={<IconPlus size={16} />} onClick={create}>
              New project
            </Button>
          ) : null
        }
      />
      <ProjectsList canManage={abilities.manage} onCreate={create} />
      <ProjectFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="New project"
        submitLabel="Create project"
        save={createProject}
        onSaved={(project) => {
          setCreating(false);
          void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
          notify({
            type: 'success',
            title: 'Project created',
            message: `${project.name} (${project.projectCode}) was created.`,
            actions: [{ label: 'Open', onClick: () => navigate(projectPath(project)) }],
          });
        }}
      />
    </>
  );
}
