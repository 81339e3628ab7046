import { describe, expect, it } from 'vitest';
import type { PickedPole } from '../map/pole-selection';
import { matchPoles, parsePoleList, splitCsvLine } from './pole-list-file';

describe('parsePoleList', () => {
  it('reads one id a line, skipping blank lines and repeats', () => {
    expect(parsePoleList('P1\r\nP2\n\n  P3  \nP1\n')).toEqual({ ok: true, ids: ['P1', 'P2', 'P3'] });
  });

  it('reads the id column of a CSV, whatever its spelling', () => {
    expect(parsePoleList('owner,pole_id,height\nNEC,P7,40\nNEC,"P 8",35\n')).toEqual({
      ok: true,
      ids: ['P7', 'P 8'],
    });
    expect(parsePoleList('\uFEFFPoleId;Street\nA-1;Main\nA-2;Elm')).toEqual({
      ok: true,
      ids: ['A-1', 'A-2'],
    });
    expect(parsePoleList('ID\tnote\n10\tx')).toEqual({ ok: true, ids: ['10'] });
  });

  it('takes a one-column file with an id header as a header', () => {
    expect(parsePoleList('id\nP1\nP2')).toEqual({ ok: true, ids: ['P1', 'P2'] });
  });

  it('says what is wrong with a file it cannot read', () => {
    expect(parsePoleList('  \n')).toEqual({ ok: false, message: 'The file lists no poles.' });
    const noColumn = parsePoleList('owner,height\nNEC,40');
    expect(noColumn.ok).toBe(false);
    expect(noColumn.ok ? '' : noColumn.message).toContain('none is named id, pole_id or poleId');
    expect(parsePoleList('pole_id,owner\n,NEC')).toEqual({ ok: false, message: 'The file lists no poles.' });
  });
});

describe('splitCsvLine', () => {
  it('keeps delimiters and doubled quotes inside quotes', () => {
    expect(splitCsvLine('"a, b",c,"say ""hi"""', ',')).toEqual(['a, b', 'c', 'say "hi"']);
  });
});

describe('matchPoles', () => {
  it('splits the ids into known poles (in order) and unknown ids', () => {
    const pole = (id: string): PickedPole => ({ externalId: id, coordinates: [0, 0], properties: {} });
    const known = new Map([
      ['P1', pole('P1')],
      ['P2', pole('P2')],
    ]);
    const { found, unknown } = matchPoles(['P2', 'X9', 'P1'], known);
    expect(found.map((p) => p.externalId)).toEqual(['P2', 'P1']);
    expect(unknown).toEqual(['X9']);
  });
});
