import type { ExpressionError, ExpressionNode } from './expression.ts';

/** What a formula computes with: property values and its own intermediate results. */
export type ExpressionValue = number | string | boolean | Date | null;

export type EvaluationResult = { ok: true; value: ExpressionValue } | { ok: false; error: ExpressionError };

/** Gives a referenced property's value; unknown or empty properties are null. */
export type ReferenceResolver = (name: string) => ExpressionValue | undefined;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

class EvaluationError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const fail = (message: string, node: ExpressionNode): never => {
  throw new EvaluationError(`${message} at position ${node.position}`, node.position);
};

function kindOf(value: ExpressionValue): string {
  if (value === null) return 'empty';
  if (value instanceof Date) return 'a date';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a yes/no value';
  return 'text';
}

/** Date values may arrive as ISO text (how date properties are stored); they compute as dates. */
function asDate(value: ExpressionValue): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / DAY_MS;
}

function toText(value: ExpressionValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function isTruthy(value: ExpressionValue): boolean {
  if (value instanceof Date) return true;
  return value !== null && value !== false && value !== 0 && value !== '';
}

function arithmetic(operator: string, left: ExpressionValue, right: ExpressionValue, node: ExpressionNode) {
  if (left === null || right === null) return null;
  if (typeof left === 'number' && typeof right === 'number') {
    if (operator === '+') return left + right;
    if (operator === '-') return left - right;
    if (operator === '*') return left * right;
    if (right === 0) return fail('Division by zero', node);
    return left / right;
  }
  const date = left instanceof Date ? left : null;
  if (date && typeof right === 'number' && (operator === '+' || operator === '-')) {
    // A date plus or minus a number of days, as in `{Submitted On} + 30`.
    return new Date(date.getTime() + (operator === '+' ? right : -right) * DAY_MS);
  }
  if (right instanceof Date && typeof left === 'number' && operator === '+') {
    return new Date(right.getTime() + left * DAY_MS);
  }
  const hint = typeof left === 'string' || typeof right === 'string' ? '; use concat() to join text' : '';
  return fail(`Cannot apply '${operator}' to ${kindOf(left)} and ${kindOf(right)}${hint}`, node);
}

function comparable(value: ExpressionValue): number | string | boolean | null {
  return value instanceof Date ? value.getTime() : value;
}

function compare(operator: string, left: ExpressionValue, right: ExpressionValue, node: ExpressionNode) {
  const a = comparable(left);
  const b = comparable(right);
  if (operator === '=') return a === b;
  if (operator === '!=') return a !== b;
  if (a === null || b === null) return null;
  if (typeof a !== typeof b || left instanceof Date !== right instanceof Date) {
    return fail(`Cannot compare ${kindOf(left)} with ${kindOf(right)}`, node);
  }
  if (operator === '<') return a < b;
  if (operator === '<=') return a <= b;
  if (operator === '>') return a > b;
  return a >= b;
}

function numbers(values: ExpressionValue[], name: string, node: ExpressionNode): number[] {
  return values.flatMap((value) => {
    if (value === null) return [];
    if (typeof value !== 'number') return fail(`${name}() takes numbers, not ${kindOf(value)}`, node);
    return [value];
  });
}

function round(values: ExpressionValue[], node: ExpressionNode): ExpressionValue {
  const [value, digits = 0] = values;
  if (value === null || digits === null) return null;
  if (typeof value !== 'number' || typeof digits !== 'number') return fail('round() takes numbers', node);
  const factor = 10 ** Math.min(10, Math.max(0, Math.trunc(digits)));
  // Halves round away from zero, as people expect of money and measures (Math.round alone goes up).
  const rounded = (Math.sign(value) * Math.round((Math.abs(value) + Number.EPSILON) * factor)) / factor;
  return rounded === 0 ? 0 : rounded;
}

function daysBetween(values: ExpressionValue[], node: ExpressionNode): ExpressionValue {
  if (values[0] === null || values[1] === null) return null;
  const from = asDate(values[0]!);
  const to = asDate(values[1]!);
  if (!from || !to) return fail('days_between() takes two dates', node);
  return utcDay(to) - utcDay(from);
}

class Evaluator {
  constructor(private readonly resolve: ReferenceResolver) {}

  run(node: ExpressionNode): ExpressionValue {
    switch (node.type) {
      case 'number':
      case 'string':
        return node.value;
      case 'reference': {
        const value = this.resolve(node.name);
        return value === undefined ? null : (asDate(value as ExpressionValue) ?? value);
      }
      case 'negate': {
        const value = this.run(node.operand);
        if (value === null) return null;
        if (typeof value !== 'number') return fail(`Cannot negate ${kindOf(value)}`, node);
        return -value;
      }
      case 'binary': {
        const left = this.run(node.left);
        const right = this.run(node.right);
        return ['+', '-', '*', '/'].includes(node.operator)
          ? arithmetic(node.operator, left, right, node)
          : compare(node.operator, left, right, node);
      }
      case 'call':
        return this.call(node);
    }
  }

  private call(node: Extract<ExpressionNode, { type: 'call' }>): ExpressionValue {
    // `if` evaluates only the branch it takes.
    if (node.name === 'if')
      return this.run(isTruthy(this.run(node.args[0]!)) ? node.args[1]! : node.args[2]!);
    const values = node.args.map((arg) => this.run(arg));
    switch (node.name) {
      case 'round':
        return round(values, node);
      case 'min': {
        const list = numbers(values, 'min', node);
        return list.length ? Math.min(...list) : null;
      }
      case 'max': {
        const list = numbers(values, 'max', node);
        return list.length ? Math.max(...list) : null;
      }
      case 'concat':
        return values.map(toText).join('');
      case 'days_between':
        return daysBetween(values, node);
    }
  }
}

/**
 * Computes a parsed formula. References are resolved only through `resolve` (use a Map, not a plain
 * object, so that names like `constructor` find nothing); an empty reference makes arithmetic empty.
 */
export function evaluateExpression(ast: ExpressionNode, resolve: ReferenceResolver): EvaluationResult {
  try {
    const value = new Evaluator(resolve).run(ast);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      const message = `The result is not a finite number at position ${ast.position}`;
      return { ok: false, error: { message, position: ast.position } };
    }
    return { ok: true, value };
  } catch (error) {
    if (error instanceof EvaluationError) {
      return { ok: false, error: { message: error.message, position: error.position } };
    }
    throw error;
  }
}
