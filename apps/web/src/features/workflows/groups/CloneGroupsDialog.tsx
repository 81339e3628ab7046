import type { CloneWorkflowTemplateGroupsResult } from '@crossarm/shared';
import { Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyApiError } from '../../../components/notifications/notify-api-error';
import { useFormSubmit } from '../../projects/use-form-submit';
import { cloneGroups } from '../api';
import { SourceGroupChecklist } from './SourceGroupChecklist';
import { useManagedProjects } from './use-managed-projects';

interface CloneGroupsDialogProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  onCloned: (result: CloneWorkflowTemplateGroupsResult) => void;
}

/** Copies templates of a project the user manages into this one, each as a new inactive draft. */
export function CloneGroupsDialog({ opened, onClose, projectId, onCloned }: CloneGroupsDialogProps) {
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const { saving, run } = useFormSubmit(() => undefined);
  const projects = useManagedProjects(projectId, opened);

  useEffect(() => {
    if (!opened) return;
    setSourceId(null);
    setGroupIds([]);
    setError(undefined);
  }, [opened]);

  const submit = () => {
    if (!sourceId || groupIds.length === 0) {
      setError(sourceId ? 'Choose at least one template' : 'Choose a project');
      return;
    }
    void run(async () => {
      onCloned(await cloneGroups(projectId, { sourceProjectId: sourceId, groupIds }, notifyApiError));
    });
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Copy templates from a project"
      size="md"
      formId="clone-workflow-groups-form"
      submitLabel={groupIds.length > 1 ? `Copy ${groupIds.length} templates` : 'Copy template'}
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each template's latest version becomes a new draft here. People assigned by default whose
          organization does not take part in this project are left out.
        </Text>
        <Select
          label="Project"
          placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project you manage'}
          required
          searchable
          data-autofocus
          data={projects.options}
          value={sourceId}
          onChange={(next) => {
            setSourceId(next);
            setGroupIds([]);
            setError(undefined);
          }}
          nothingFoundMessage={projects.isError ? 'Projects could not be loaded' : 'No project matches'}
          comboboxProps={{ withinPortal: true }}
          error={sourceId ? undefined : error}
        />
        {sourceId ? (
          <SourceGroupChecklist
            projectId={sourceId}
            value={groupIds}
            onChange={(next) => {
              setGroupIds(next);
              setError(undefined);
            }}
            error={error}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
