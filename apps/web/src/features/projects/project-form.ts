import { type Project, ProjectInput } from '@crossarm/shared';
import type { FormErrors } from '../../lib/forms/use-form-state';

/** A project's editable fields as the form holds them. */
export interface ProjectFormValues extends Record<string, string> {
  name: string;
  projectCode: string;
  description: string;
}

export const emptyProjectValues: ProjectFormValues = { name: '', projectCode: '', description: '' };

export function projectValues(project: Project): ProjectFormValues {
  return { name: project.name, projectCode: project.projectCode, description: project.description ?? '' };
}

/** The body sent to the API: trimmed, a blank description left out (the server stores none). */
export function projectBody(values: ProjectFormValues): ProjectInput {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    projectCode: values.projectCode.trim(),
    ...(description ? { description } : {}),
  };
}

/** The server's own rules (the shared schema), so most problems show under their field before sending. */
export function validateProject(values: ProjectFormValues): FormErrors {
  const result = ProjectInput.safeParse(projectBody(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}
