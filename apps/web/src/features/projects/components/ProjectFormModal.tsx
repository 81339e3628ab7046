import type { Project, ProjectInput } from '@crossarm/shared';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import type { ApiErrorHandling } from '../../../lib/api/api-client';
import { useFormState } from '../../../lib/forms/use-form-state';
import { emptyProjectValues, projectBody, projectValues, validateProject } from '../project-form';
import { useFormSubmit } from '../use-form-submit';

interface ProjectFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The project being edited; none when creating one. */
  project?: Project;
  title: string;
  submitLabel: string;
  /** Sends the form; resolves with the saved project. */
  save: (body: ProjectInput, onError: ApiErrorHandling) => Promise<Project>;
  onSaved: (project: Project) => void;
}

/** Create or edit a project: its name, its short code and what it is for. */
export function ProjectFormModal({
  opened,
  onClose,
  project,
  title,
  submitLabel,
  save,
  onSaved,
}: ProjectFormModalProps) {
  const form = useFormState(project ? projectValues(project) : emptyProjectValues, validateProject);
  const { reset, showServerErrors } = form;
  // A code already in use (409) is shown under the code field, in the server's words.
  const { saving, run } = useFormSubmit((error) => showServerErrors(error, 'projectCode'));
  useDirtyFlag('project-form', opened && form.dirty);

  // Each opening starts from the project as it is now; a refetch while the dialog is open keeps the edits.
  const current = useRef(project);
  current.current = project;
  useEffect(() => {
    if (opened) reset(current.current ? projectValues(current.current) : emptyProjectValues);
  }, [opened, reset]);

  const submit = () => {
    if (!form.validateAll()) return;
    const body = projectBody(form.values);
    void run(async () => onSaved(await save(body, notifyUnlessFieldError('projectCode'))));
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="md"
      formId="project-form"
      submitLabel={submitLabel}
      busy={saving}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus autoComplete="off" {...form.field('name')} />
        <TextInput
          label="Project code"
          description="Short, and unique among your organization's projects."
          placeholder="e.g. NEC-FIBER-26"
          required
          autoComplete="off"
          {...form.field('projectCode')}
        />
        <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.field('description')} />
      </Stack>
    </FormDialog>
  );
}
