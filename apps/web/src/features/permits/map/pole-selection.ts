import {
  CLOSED_PERMIT_STATUSES,
  type PermitHeader,
  type PoleFeatureCollection,
  type TrackerStageHeader,
} from '@crossarm/shared';

// Which poles an application or a permit names, as the map and the list beside it show them: the poles
// already saved, those picked since and those taken off, in the order they were given.

export type PoleFeature = PoleFeatureCollection['features'][number];

/** A pole as the selection keeps it: its id, where it is and its attributes (for the popup). */
export interface PickedPole {
  externalId: string;
  coordinates: [number, number];
  properties: Record<string, unknown>;
}

/** How a pole of the selection is drawn: saved and kept, picked since the last save, or taken off. */
export type PickedState = 'saved' | 'added' | 'removed';

export interface PoleSelection {
  /** The poles saved on the permit (empty for a new application), in their order. */
  saved: PickedPole[];
  /** The poles named now, in order. */
  current: PickedPole[];
}

export const emptySelection = (saved: PickedPole[] = []): PoleSelection => ({ saved, current: saved });

/** A pole of a GeoJSON answer as the selection keeps it. */
export function pickedOf(feature: PoleFeature): PickedPole {
  const id = feature.properties.externalId;
  return {
    externalId: typeof id === 'string' ? id : String(id ?? feature.id),
    coordinates: feature.geometry.coordinates,
    properties: feature.properties,
  };
}

export const isPicked = (selection: PoleSelection, externalId: string) =>
  selection.current.some((pole) => pole.externalId === externalId);

/** Adds a pole at the end, or takes it off when it is already named. */
export function togglePole(selection: PoleSelection, pole: PickedPole): PoleSelection {
  return isPicked(selection, pole.externalId)
    ? removePole(selection, pole.externalId)
    : { ...selection, current: [...selection.current, pole] };
}

export function removePole(selection: PoleSelection, externalId: string): PoleSelection {
  return { ...selection, current: selection.current.filter((pole) => pole.externalId !== externalId) };
}

/** Puts back a saved pole taken off, where it stood among the saved poles still named. */
export function restorePole(selection: PoleSelection, pole: PickedPole): PoleSelection {
  if (isPicked(selection, pole.externalId)) return selection;
  const savedIndex = selection.saved.findIndex((saved) => saved.externalId === pole.externalId);
  const before = new Set(selection.saved.slice(0, Math.max(0, savedIndex)).map((saved) => saved.externalId));
  let at = 0;
  selection.current.forEach((named, index) => {
    if (before.has(named.externalId)) at = index + 1;
  });
  return { ...selection, current: [...selection.current.slice(0, at), pole, ...selection.current.slice(at)] };
}

/** Adds the poles not named yet, at the end, in the order given. */
export function addPoles(selection: PoleSelection, poles: PickedPole[]): PoleSelection {
  const named = new Set(selection.current.map((pole) => pole.externalId));
  const fresh = poles.filter((pole) => {
    if (named.has(pole.externalId)) return false;
    named.add(pole.externalId);
    return true;
  });
  return { ...selection, current: [...selection.current, ...fresh] };
}

/** How many poles were picked and taken off since the last save. */
export function selectionChanges(selection: PoleSelection) {
  const saved = new Set(selection.saved.map((pole) => pole.externalId));
  const current = new Set(selection.current.map((pole) => pole.externalId));
  const added = selection.current.filter((pole) => !saved.has(pole.externalId)).length;
  const removed = selection.saved.filter((pole) => !current.has(pole.externalId)).length;
  const reordered =
    added === 0 &&
    removed === 0 &&
    selection.current.some((pole, index) => pole.externalId !== selection.saved[index]?.externalId);
  return { added, removed, changed: added > 0 || removed > 0 || reordered };
}

/** The selection's poles with how each is drawn: the named ones in order, then those taken off. */
export function selectionRows(selection: PoleSelection): Array<PickedPole & { state: PickedState }> {
  const saved = new Set(selection.saved.map((pole) => pole.externalId));
  const current = new Set(selection.current.map((pole) => pole.externalId));
  return [
    ...selection.current.map((pole) => ({
      ...pole,
      state: saved.has(pole.externalId) ? ('saved' as const) : ('added' as const),
    })),
    ...selection.saved
      .filter((pole) => !current.has(pole.externalId))
      .map((pole) => ({ ...pole, state: 'removed' as const })),
  ];
}

/** The selection as the map's overlay draws it; `properties.state` picks the colour. */
export function selectionFeatures(selection: PoleSelection): PoleFeatureCollection {
  return {
    type: 'FeatureCollection',
    truncated: false,
    features: selectionRows(selection).map((pole) => ({
      type: 'Feature',
      id: pole.externalId,
      geometry: { type: 'Point', coordinates: pole.coordinates },
      properties: { ...pole.properties, externalId: pole.externalId, state: pole.state },
    })),
  };
}

/** The message of a saved change of poles, e.g. "3 poles: 2 added, 1 removed". */
export function changeSummary(total: number, added: number, removed: number) {
  const poles = `${total.toLocaleString('en-US')} ${total === 1 ? 'pole' : 'poles'}`;
  return `${poles}: ${added} added, ${removed} removed`;
}

/**
 * Whether the caller may change the permit's poles, as the server decides: EditPermits on an open permit,
 * and for the applicant only while the permit is in its first stage. Null when they may; else why not.
 */
export function poleEditBlocker(
  header: Pick<PermitHeader, 'status' | 'isPoleOwner' | 'permissions' | 'activeStage'>,
  stages: Pick<TrackerStageHeader, 'key' | 'position'>[],
): string | null {
  if (!header.permissions.includes('EditPermits'))
    return 'You may view this permit’s poles but not change them.';
  if ((CLOSED_PERMIT_STATUSES as readonly string[]).includes(header.status)) {
    return `The permit is ${header.status.toLowerCase()}; its poles can no longer change.`;
  }
  if (header.isPoleOwner) return null;
  const first = [...stages].sort((a, b) => a.position - b.position)[0];
  if (!first || header.activeStage?.key !== first.key) {
    return 'The applicant may change the poles only while the permit is in its first stage.';
  }
  return null;
}
