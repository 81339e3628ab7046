import { PROJECT_ROLE_LABELS, type ProjectRole } from '@crossarm/shared';
import type { ProjectStatusFilter } from './api';

/** The role badges' colours: the pole owner in the accent colour, attachers neutral. */
export const ROLE_COLORS: Record<ProjectRole, string> = {
  PoleOwner: 'blue',
  AttacherOrg: 'gray',
};

/** The list's status filter; Active is the default. */
export const PROJECT_STATUS_FILTERS: readonly ProjectStatusFilter[] = ['Active', 'Archived', 'All'];

/** What each role means for the organization given it. */
export const ROLE_DESCRIPTIONS: Record<ProjectRole, string> = {
  AttacherOrg: 'Applies for permits to attach to the poles of this project.',
  PoleOwner: 'Runs the project with its owner: reviews permits and manages the setup.',
};

/** The roles an organization can be added with, attacher first (the usual choice). */
export const ROLE_OPTIONS: { value: ProjectRole; label: string }[] = [
  { value: 'AttacherOrg', label: PROJECT_ROLE_LABELS.AttacherOrg },
  { value: 'PoleOwner', label: PROJECT_ROLE_LABELS.PoleOwner },
];
