import type { ProjectRole } from '@crossarm/shared';
import type { ProjectStatusFilter } from './api';

/** How each project role reads on screen. */
export const ROLE_LABELS: Record<ProjectRole, string> = {
  PoleOwner: 'Pole owner',
  AttacherOrg: 'Attacher',
};

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
  { value: 'AttacherOrg', label: ROLE_LABELS.AttacherOrg },
  { value: 'PoleOwner', label: ROLE_LABELS.PoleOwner },
];
