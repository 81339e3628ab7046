import { describe, expect, it } from 'vitest';
import {
  addPoles,
  changeSummary,
  emptySelection,
  type PickedPole,
  pickedOf,
  poleEditBlocker,
  removePole,
  restorePole,
  selectionChanges,
  selectionFeatures,
  selectionRows,
  togglePole,
} from './pole-selection';

const pole = (externalId: string, lon = -93, lat = 44): PickedPole => ({
  externalId,
  coordinates: [lon, lat],
  properties: { externalId, height: 40 },
});
const ids = (poles: { externalId: string }[]) => poles.map((p) => p.externalId);

describe('pole selection', () => {
  it('toggles poles on and off and counts the changes since the last save', () => {
    let selection = emptySelection([pole('A'), pole('B')]);
    expect(selectionChanges(selection)).toEqual({ added: 0, removed: 0, changed: false });
    selection = togglePole(selection, pole('C'));
    selection = togglePole(selection, pole('A'));
    expect(ids(selection.current)).toEqual(['B', 'C']);
    expect(selectionChanges(selection)).toEqual({ added: 1, removed: 1, changed: true });
    expect(selectionRows(selection).map((r) => [r.externalId, r.state])).toEqual([
      ['B', 'saved'],
      ['C', 'added'],
      ['A', 'removed'],
    ]);
    selection = togglePole(selection, pole('C'));
    expect(selectionChanges(selection).added).toBe(0);
  });

  it('puts a removed pole back where it stood, so nothing reads as changed', () => {
    let selection = emptySelection([pole('A'), pole('B'), pole('C')]);
    selection = removePole(selection, 'B');
    selection = restorePole(selection, pole('B'));
    expect(ids(selection.current)).toEqual(['A', 'B', 'C']);
    expect(selectionChanges(selection).changed).toBe(false);
    selection = restorePole(removePole(selection, 'A'), pole('A'));
    expect(ids(selection.current)).toEqual(['A', 'B', 'C']);
  });

  it('adds a list of poles once each, keeping their order', () => {
    const selection = addPoles(emptySelection([pole('A')]), [pole('B'), pole('A'), pole('B'), pole('C')]);
    expect(ids(selection.current)).toEqual(['A', 'B', 'C']);
  });

  it('counts a new order as a change', () => {
    const selection = { ...emptySelection([pole('A'), pole('B')]), current: [pole('B'), pole('A')] };
    expect(selectionChanges(selection)).toEqual({ added: 0, removed: 0, changed: true });
  });

  it('draws each pole with its state and reads poles from GeoJSON', () => {
    const feature = {
      type: 'Feature' as const,
      id: 'P1',
      geometry: { type: 'Point' as const, coordinates: [-93.1, 44.4] as [number, number] },
      properties: { externalId: 'P1', owner: 'NEC' },
    };
    const picked = pickedOf(feature);
    expect(picked).toEqual({ externalId: 'P1', coordinates: [-93.1, 44.4], properties: feature.properties });
    const drawn = selectionFeatures(togglePole(emptySelection(), picked));
    expect(drawn.features[0]?.properties).toEqual({ externalId: 'P1', owner: 'NEC', state: 'added' });
    expect(drawn.features[0]?.geometry.coordinates).toEqual([-93.1, 44.4]);
  });

  it('says what a save changed', () => {
    expect(changeSummary(1, 1, 0)).toBe('1 pole: 1 added, 0 removed');
    expect(changeSummary(1200, 3, 2)).toBe('1,200 poles: 3 added, 2 removed');
  });
});

describe('poleEditBlocker', () => {
  const stages = [
    { key: 's2', position: 1 },
    { key: 's1', position: 0 },
  ];
  const header = {
    status: 'Active' as const,
    isPoleOwner: false,
    permissions: ['ViewPermits', 'EditPermits'] as ('ViewPermits' | 'EditPermits')[],
    activeStage: { key: 's1', name: 'Intake' },
  };

  it('lets the applicant change poles in the first stage only', () => {
    expect(poleEditBlocker(header, stages)).toBeNull();
    expect(poleEditBlocker({ ...header, activeStage: { key: 's2', name: 'Survey' } }, stages)).toContain(
      'first stage',
    );
  });

  it('lets the pole owner change poles at any stage of an open permit', () => {
    const owner = { ...header, isPoleOwner: true, activeStage: null };
    expect(poleEditBlocker(owner, [])).toBeNull();
    expect(poleEditBlocker({ ...owner, status: 'Completed' }, [])).toContain('completed');
  });

  it('needs EditPermits', () => {
    expect(poleEditBlocker({ ...header, permissions: ['ViewPermits'] }, stages)).toContain('not change');
  });
});
