import type { WorkflowTemplateGroup, WorkflowTemplateVersion } from '@crossarm/shared';
import type { GroupAction } from '../api';

// What a template group offers its managers, read from its status and versions.

/** A lifecycle step as the group's menu offers it. */
export interface GroupStep {
  action: GroupAction;
  label: string;
  /** Why it cannot be taken now, or null. */
  blocked: string | null;
  title: string;
  message: (name: string) => string;
}

/** The group's draft, if it has one (versions are newest first). */
export const draftOf = (group: WorkflowTemplateGroup): WorkflowTemplateVersion | undefined =>
  group.versions.find((version) => version.status === 'Draft');

/** The version offered for new permits while the group is active. */
export const currentOf = (group: WorkflowTemplateGroup): WorkflowTemplateVersion | undefined =>
  group.versions.find((version) => version.id === group.currentVersionId);

/** The steps open to the group in its status; an archived group comes back through deactivation. */
export function groupSteps(group: WorkflowTemplateGroup): GroupStep[] {
  const published = group.currentVersionId !== null;
  const activate: GroupStep = {
    action: 'activate',
    label: 'Activate',
    blocked: published ? null : 'Publish a version first',
    title: 'Activate template',
    message: (name) =>
      `Activate ${name}? Its latest published version is offered for new permits on this project.`,
  };
  switch (group.status) {
    case 'Active':
      return [
        {
          action: 'deactivate',
          label: 'Deactivate',
          blocked: null,
          title: 'Deactivate template',
          message: (name) =>
            `Deactivate ${name}? It is no longer offered for new permits; permits already using it carry on.`,
        },
      ];
    case 'Inactive':
      return [
        activate,
        {
          action: 'archive',
          label: 'Archive',
          blocked: null,
          title: 'Archive template',
          message: (name) =>
            `Archive ${name}? It is hidden from choices and kept for the permits and history that use it. Restore it later to change it again.`,
        },
      ];
    case 'Archived':
      return [
        {
          action: 'deactivate',
          label: 'Restore',
          blocked: null,
          title: 'Restore template',
          message: (name) =>
            `Restore ${name}? It comes back as inactive, so its drafts can be changed again.`,
        },
        activate,
      ];
  }
}
