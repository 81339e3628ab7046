import type { OverviewRow } from '@crossarm/shared';

/** A person who can be picked in a Users filter. */
export interface PersonOption {
  value: string;
  label: string;
}

/**
 * The people to pick from in a Users filter: the signed-in user first ('Me'), then everyone named in the
 * rows shown, by name; and the names by id, for chips.
 */
export function peopleOf(
  me: { id: string; name: string },
  rows: readonly OverviewRow[],
): { options: PersonOption[]; names: Map<string, string> } {
  const names = new Map<string, string>();
  for (const row of rows) {
    for (const value of Object.values(row.values)) {
      if (!Array.isArray(value)) continue;
      for (const item of value) if (typeof item === 'object') names.set(item.id, item.name);
    }
  }
  names.set(me.id, me.name);
  const others = [...names.entries()]
    .filter(([id]) => id !== me.id)
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([value, label]) => ({ value, label }));
  return { options: [{ value: me.id, label: `Me (${me.name})` }, ...others], names };
}
