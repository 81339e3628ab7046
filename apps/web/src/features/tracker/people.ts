import type { OverviewRowByColumn } from '@crossarm/shared';

/** A person who can be picked in a Users filter. */
export interface PersonOption {
  value: string;
  label: string;
}

/**
 * How the signed-in user reads in a Users filter's picker: by name, marked as them ('Dana Owens (you)').
 * The filter keeps that person's id, so a view shared with others still names this person, never whoever
 * opens it: the label says whom it picks, not 'Me'.
 */
export function meLabel(name: string): string {
  return `${name} (you)`;
}

/**
 * The people to pick from in a Users filter: the signed-in user first ('Dana Owens (you)'), then everyone
 * named in the rows shown, by name; and the names by id, for chips.
 */
export function peopleOf(
  me: { id: string; name: string },
  rows: readonly OverviewRowByColumn[],
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
  return { options: [{ value: me.id, label: meLabel(me.name) }, ...others], names };
}

/** The people a Users filter can pick from, and the names known so far (a pick adds to them, for chips). */
export interface PeopleChoice {
  /** The signed-in user. */
  me: { id: string; name: string };
  /** What is offered before anything is typed: the signed-in user and the people of the rows shown. */
  options: PersonOption[];
  /** Names by id, shared with the filter chips. */
  known: Map<string, string>;
}

/** A person the server found for a search. */
export interface FoundPerson {
  id: string;
  name: string;
  email?: string;
  organizationName?: string;
}

/**
 * The options of a Users filter's picker: before anything is typed, the signed-in user and the people of the
 * rows shown; while searching, the signed-in user when the search fits them ('me', 'you' or their name),
 * then whoever the server found (any person the caller may see, not only those in the rows). The chosen
 * person stays listed so the input names them.
 */
export function personOptions(input: {
  choice: Pick<PeopleChoice, 'me' | 'options' | 'known'>;
  search: string;
  found: readonly FoundPerson[];
  value: string | null;
}): PersonOption[] {
  const { choice, found, value } = input;
  const search = input.search.trim().toLowerCase();
  const meOption = { value: choice.me.id, label: meLabel(choice.me.name) };
  let options: PersonOption[];
  if (!search) options = choice.options;
  else {
    const meFits =
      'me'.startsWith(search) ||
      'you'.startsWith(search) ||
      meOption.label.toLowerCase().includes(search) ||
      found.some((p) => p.id === choice.me.id);
    options = [
      ...(meFits ? [meOption] : []),
      ...found
        .filter((person) => person.id !== choice.me.id)
        .map((person) => ({ value: person.id, label: person.name })),
    ];
  }
  if (value && !options.some((option) => option.value === value)) {
    const label = value === choice.me.id ? meOption.label : (choice.known.get(value) ?? 'A person');
    options = [...options, { value, label }];
  }
  return options;
}
