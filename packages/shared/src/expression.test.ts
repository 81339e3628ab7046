import { describe, expect, it } from 'vitest';
import { parseExpression } from './expression.ts';
import { type ExpressionValue, evaluateExpression } from './expression-evaluate.ts';

const values = new Map<string, ExpressionValue>([
  ['pole count', 12],
  ['fee per pole', 42.5],
  ['applicant', 'Ridgeline Fiber'],
  ['submitted on', '2026-03-01'],
  ['approved on', '2026-03-31'],
  ['empty', null],
]);

/** Parses and evaluates, resolving references case-insensitively from `values`. */
function run(formula: string) {
  const parsed = parseExpression(formula);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return evaluateExpression(parsed.ast, (name) => values.get(name.toLowerCase()));
}

function resultOf(formula: string) {
  const result = run(formula);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function parseError(formula: string) {
  const result = parseExpression(formula);
  if (result.ok) throw new Error(`expected '${formula}' not to parse`);
  return result.error;
}

describe('parsing', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4 - 1', 1.5],
    ['-2 * -3', 6],
    ['+5', 5],
    ['2 - 3 - 4', -5],
    ['1.5e2', 150],
    ['.5 + .25', 0.75],
    ['((((1))))', 1],
  ])('computes %s as %s', (formula, expected) => {
    expect(resultOf(formula)).toBe(expected);
  });

  it('lists each referenced property once, as first written', () => {
    const result = parseExpression('{Pole Count} * {Fee per pole} + {pole count} + {  Fee   per pole }');
    expect(result.ok && result.references).toEqual(['Pole Count', 'Fee per pole']);
  });

  it('reads text in either quote, with escapes', () => {
    expect(resultOf(`concat("a \\"b\\"", 'it\\'s')`)).toBe('a "b"it\'s');
  });

  it('accepts function names in any case and comparison spellings', () => {
    expect(resultOf('ROUND(2.5)')).toBe(3);
    expect(resultOf('1 == 1')).toBe(true);
    expect(resultOf('1 <> 1')).toBe(false);
  });

  it.each([
    ['', 'The formula is empty', 1],
    ['1 +', 'The formula ends too early at position 4', 4],
    ['(1 + 2', "Expected ')' to close the parenthesis but found end of formula at position 7", 7],
    ['1 + 2)', "Unexpected ')' at position 6", 6],
    ['1 $ 2', "Unexpected '$' at position 3", 3],
    ['{Pole Count', "Unclosed property reference: missing '}' at position 1", 1],
    ['2 * {}', 'Empty property reference at position 5', 5],
    ['"open', 'Unterminated text: missing closing quote at position 1', 1],
    ['sum(1, 2)', "Unknown function 'sum' at position 1", 1],
    ['if(1, 2)', 'Wrong number of arguments: use if(condition, then, else) at position 8', 8],
    ['days_between(1)', 'Wrong number of arguments: use days_between(from, to) at position 15', 15],
    ['min()', 'Wrong number of arguments: use min(number, ...) at position 5', 5],
    ['1 < 2 < 3', 'Comparisons cannot be chained; use if() or parentheses at position 7', 7],
    ['round 2', "Expected '(' after round but found number 2 at position 7", 7],
    ['1 2', 'Unexpected number 2 at position 3', 3],
    ['}', "Unexpected '}' without '{' at position 1", 1],
  ])('refuses %j: %s', (formula, message, position) => {
    expect(parseError(formula)).toEqual({ message, position });
  });

  it('treats bare words as unknown functions, with a hint about braces', () => {
    expect(parseError('Pole_Count * 2').message).toContain('property references are written in braces');
  });

  it('refuses formulas that are too long or nested too deeply', () => {
    expect(parseError(`1${' + 1'.repeat(500)}`).message).toMatch(/longer than 2000/);
    expect(parseError(`${'('.repeat(100)}1${')'.repeat(100)}`).message).toMatch(/nested too deeply/);
  });
});

describe('safety', () => {
  it.each(['constructor', '__proto__', 'toString(1)', 'valueOf(1)', 'hasOwnProperty(1)'])(
    'has no way to reach %s',
    (formula) => {
      expect(parseError(formula).message).toMatch(/Unknown function/);
    },
  );

  it('resolves references only through the callback, so prototype names find nothing', () => {
    const parsed = parseExpression('concat({constructor}, {__proto__}, {toString})');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const lookup = new Map<string, ExpressionValue>();
    expect(evaluateExpression(parsed.ast, (name) => lookup.get(name))).toEqual({ ok: true, value: '' });
  });
});

describe('evaluation', () => {
  it('computes with property values', () => {
    expect(resultOf('{Pole Count} * {Fee per Pole}')).toBe(510);
    expect(resultOf('round({Fee per pole} / 3, 2)')).toBe(14.17);
    expect(resultOf('concat({Applicant}, " - ", {Pole Count}, " poles")')).toBe('Ridgeline Fiber - 12 poles');
  });

  it('makes arithmetic with an empty value empty, and skips empty values in min and max', () => {
    expect(resultOf('{Empty} + 1')).toBeNull();
    expect(resultOf('{Missing} * 2')).toBeNull();
    expect(resultOf('min({Empty}, 3, 2)')).toBe(2);
    expect(resultOf('max({Empty})')).toBeNull();
    expect(resultOf('concat("[", {Empty}, "]")')).toBe('[]');
  });

  it('computes with dates: days between, and a date plus days', () => {
    expect(resultOf('days_between({Submitted On}, {Approved On})')).toBe(30);
    expect(resultOf('concat({Submitted On} + 45)')).toBe('2026-04-15');
    expect(resultOf('concat({Approved On} - 30)')).toBe('2026-03-01');
    expect(resultOf('{Approved On} > {Submitted On}')).toBe(true);
  });

  it('chooses with if(), evaluating only the branch it takes', () => {
    expect(resultOf('if({Pole Count} > 10, "large", "small")')).toBe('large');
    expect(resultOf('if({Empty}, 1 / 0, 2)')).toBe(2);
    expect(resultOf('if("", 1, 2)')).toBe(2);
  });

  it('rounds halves away from zero and limits digits', () => {
    expect(resultOf('round(1.005, 2)')).toBe(1.01);
    expect(resultOf('round(-2.5)')).toBe(-3);
    expect(resultOf('round(1234.5678, -1)')).toBe(1235);
  });

  it.each([
    ['1 / 0', 'Division by zero at position 3'],
    ['{Applicant} + 1', "Cannot apply '+' to text and a number; use concat() to join text at position 13"],
    ['-{Applicant}', 'Cannot negate text at position 1'],
    ['{Applicant} < 3', 'Cannot compare text with a number at position 13'],
    ['days_between(1, 2)', 'days_between() takes two dates at position 1'],
    ['min("a", 1)', 'min() takes numbers, not text at position 1'],
    ['1e308 * 10', 'The result is not a finite number at position 7'],
  ])('reports %s', (formula, message) => {
    const result = run(formula);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(message);
  });
});
