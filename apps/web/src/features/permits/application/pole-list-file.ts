import type { PickedPole } from '../map/pole-selection';

// A pole list an applicant uploads: a text file with one pole id a line, or a CSV whose id column is named
// id, pole_id or poleId (a few spellings of those). Ids are kept in the file's order, each once.

/** Header names taken as the column of pole ids, compared without case, spaces, dashes or underscores. */
const ID_COLUMNS = new Set(['id', 'poleid', 'externalid', 'pole']);

const normalise = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

export type PoleListParse = { ok: true; ids: string[] } | { ok: false; message: string };

/** Splits one CSV line into fields, honouring double quotes ("a, b" and "" inside quotes). */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === delimiter) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/** The delimiter a CSV line uses: tab, semicolon or comma, whichever appears; none for a plain list. */
function delimiterOf(line: string): string | null {
  for (const candidate of ['\t', ';', ',']) if (line.includes(candidate)) return candidate;
  return null;
}

/** The pole ids a file lists, in order and each once, or what is wrong with it. */
export function parsePoleList(text: string): PoleListParse {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return { ok: false, message: 'The file lists no poles.' };
  const delimiter = delimiterOf(lines[0] ?? '');
  const rows = lines.map((line) => (delimiter ? splitCsvLine(line, delimiter) : [line.trim()]));
  const header = rows[0] ?? [];
  const column = header.findIndex((name) => ID_COLUMNS.has(normalise(name)));
  let values: string[];
  if (column >= 0) {
    values = rows.slice(1).map((row) => row[column] ?? '');
  } else if (header.length === 1) {
    values = rows.map((row) => row[0] ?? '');
  } else {
    return {
      ok: false,
      message: `The file has ${header.length} columns and none is named id, pole_id or poleId. Name the column of pole ids, or list one id a line.`,
    };
  }
  const ids = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  if (ids.length === 0) return { ok: false, message: 'The file lists no poles.' };
  return { ok: true, ids };
}

/** The listed poles found among the project's, in the list's order, and the ids that are not. */
export function matchPoles(ids: string[], known: ReadonlyMap<string, PickedPole>) {
  const found: PickedPole[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const pole = known.get(id);
    if (pole) found.push(pole);
    else unknown.push(id);
  }
  return { found, unknown };
}
