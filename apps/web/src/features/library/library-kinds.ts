import type { LibraryKind } from '@crossarm/shared';

export interface KindText {
  /** Tab label. */
  plural: string;
  /** Lower-case, in sentences: 'stage'. */
  singular: string;
  /** The URL's name for the tab. */
  slug: string;
  /** What the entries are for, in the empty state. */
  purpose: string;
}

export const kindText: Record<LibraryKind, KindText> = {
  stage: {
    plural: 'Stages',
    singular: 'stage',
    slug: 'stages',
    purpose:
      'Stages are the steps a permit moves through, such as Application Review or Make-Ready Construction.',
  },
  property: {
    plural: 'Properties',
    singular: 'property',
    slug: 'properties',
    purpose:
      'Properties are the fields a permit carries: numbers, dates, choices, files, people and formulas.',
  },
  task: {
    plural: 'Tasks',
    singular: 'task',
    slug: 'tasks',
    purpose: 'Tasks are the work inside a stage, each with an optional default duration.',
  },
  unit: {
    plural: 'Units',
    singular: 'unit',
    slug: 'units',
    purpose: 'Units measure number properties, such as ft, poles or USD.',
  },
};

export const kindOrder: readonly LibraryKind[] = ['stage', 'property', 'task', 'unit'];

export function kindFromSlug(slug: string | null): LibraryKind {
  return kindOrder.find((kind) => kindText[kind].slug === slug) ?? 'stage';
}
