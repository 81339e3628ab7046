import type { Application } from '@crossarm/shared';

export const applicationLabels: Record<Application, string> = {
  JointUse: 'Joint Use',
  Engineering: 'Engineering',
  Vegetation: 'Vegetation',
  Resilience: 'Resilience',
  Geospatial: 'Geospatial',
};

export const applicationOrder: readonly Application[] = [
  'JointUse',
  'Engineering',
  'Vegetation',
  'Resilience',
  'Geospatial',
];

/** The landing page of each application (those without pages of their own yet open the landing page). */
export function applicationHomePath(application: Application): string {
  return application === 'Geospatial' ? '/geospatial/my-system' : '/landing';
}

/** Which part of the product a path belongs to; it picks the left navigation and the switcher's label. */
export type ShellArea = 'JointUse' | 'Geospatial' | 'Administration';

export function shellAreaOf(pathname: string): ShellArea {
  if (pathname.startsWith('/admin')) return 'Administration';
  if (pathname.startsWith('/geospatial')) return 'Geospatial';
  return 'JointUse';
}
