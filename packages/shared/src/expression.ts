/**
 * The formula language of Expression properties: numbers, strings, property references written
 * `{Property Name}`, + - * /, comparisons, parentheses and a few functions. Formulas are parsed into a
 * small tree and evaluated by walking it: nothing is ever handed to `eval` or `Function`, functions are
 * looked up in a Map of our own, and references are resolved through the caller's callback, so no formula
 * can reach an object's prototype or anything else of the host.
 */

/** A problem in a formula; `position` counts characters from 1. */
export interface ExpressionError {
  message: string;
  position: number;
}

export type ComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type ArithmeticOperator = '+' | '-' | '*' | '/';

export type ExpressionNode =
  | { type: 'number'; value: number; position: number }
  | { type: 'string'; value: string; position: number }
  | { type: 'reference'; name: string; position: number }
  | { type: 'negate'; operand: ExpressionNode; position: number }
  | {
      type: 'binary';
      operator: ArithmeticOperator | ComparisonOperator;
      left: ExpressionNode;
      right: ExpressionNode;
      position: number;
    }
  | { type: 'call'; name: ExpressionFunction; args: ExpressionNode[]; position: number };

export type ParseResult =
  | { ok: true; ast: ExpressionNode; references: string[] }
  | { ok: false; error: ExpressionError };

/** The functions a formula may call, with how many arguments each takes. */
export const EXPRESSION_FUNCTIONS = new Map([
  ['round', { min: 1, max: 2, usage: 'round(number, digits?)' }],
  ['min', { min: 1, max: Number.POSITIVE_INFINITY, usage: 'min(number, ...)' }],
  ['max', { min: 1, max: Number.POSITIVE_INFINITY, usage: 'max(number, ...)' }],
  ['if', { min: 3, max: 3, usage: 'if(condition, then, else)' }],
  ['concat', { min: 1, max: Number.POSITIVE_INFINITY, usage: 'concat(value, ...)' }],
  ['days_between', { min: 2, max: 2, usage: 'days_between(from, to)' }],
] as const);
export type ExpressionFunction = 'round' | 'min' | 'max' | 'if' | 'concat' | 'days_between';

/** Longest formula accepted; formulas are short, and the limit keeps parsing cheap. */
export const MAX_FORMULA_LENGTH = 2000;
const MAX_DEPTH = 64;

type Token =
  | { kind: 'number'; value: number; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'reference'; name: string; position: number }
  | { kind: 'identifier'; name: string; position: number }
  | { kind: 'operator'; value: string; position: number }
  | { kind: 'end'; position: number };

class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const fail = (message: string, position: number): never => {
  throw new FormulaError(`${message} at position ${position}`, position);
};

const OPERATORS = ['<=', '>=', '!=', '<>', '==', '+', '-', '*', '/', '(', ')', ',', '<', '>', '='];

function readNumber(text: string, start: number): { token: Token; end: number } {
  const match = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(text.slice(start));
  if (!match) return fail(`Unexpected '${text[start]}'`, start + 1);
  return {
    token: { kind: 'number', value: Number(match[0]), position: start + 1 },
    end: start + match[0].length,
  };
}

function readString(text: string, start: number): { token: Token; end: number } {
  const quote = text[start];
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      value += text[++i];
    } else if (ch === quote) {
      return { token: { kind: 'string', value, position: start + 1 }, end: i + 1 };
    } else {
      value += ch;
    }
  }
  return fail('Unterminated text: missing closing quote', start + 1);
}

function readReference(text: string, start: number): { token: Token; end: number } {
  const close = text.indexOf('}', start);
  const open = text.indexOf('{', start + 1);
  if (close < 0 || (open >= 0 && open < close))
    return fail("Unclosed property reference: missing '}'", start + 1);
  const name = text
    .slice(start + 1, close)
    .trim()
    .replace(/\s+/g, ' ');
  if (!name) return fail('Empty property reference', start + 1);
  return { token: { kind: 'reference', name, position: start + 1 }, end: close + 1 };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    let read: { token: Token; end: number } | null = null;
    if (/[\d.]/.test(ch)) read = readNumber(text, i);
    else if (ch === '"' || ch === "'") read = readString(text, i);
    else if (ch === '{') read = readReference(text, i);
    else if (/[A-Za-z_]/.test(ch)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      read = { token: { kind: 'identifier', name, position: i + 1 }, end: i + name.length };
    } else {
      const op = OPERATORS.find((candidate) => text.startsWith(candidate, i));
      if (!op) fail(ch === '}' ? "Unexpected '}' without '{'" : `Unexpected '${ch}'`, i + 1);
      read = { token: { kind: 'operator', value: op!, position: i + 1 }, end: i + op!.length };
    }
    tokens.push(read.token);
    i = read.end;
  }
  tokens.push({ kind: 'end', position: text.length + 1 });
  return tokens;
}

const COMPARISONS: Record<string, ComparisonOperator> = {
  '=': '=',
  '==': '=',
  '!=': '!=',
  '<>': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'end of formula';
    case 'number':
      return `number ${token.value}`;
    case 'string':
      return 'text';
    case 'reference':
      return `{${token.name}}`;
    case 'identifier':
      return `'${token.name}'`;
    case 'operator':
      return `'${token.value}'`;
  }
}

/** Recursive descent over the tokens: comparison > additive > multiplicative > unary > primary. */
class Parser {
  private index = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index]!;
  }
  private next(): Token {
    return this.tokens[this.index++]!;
  }
  private isOperator(...values: string[]): boolean {
    const token = this.peek();
    return token.kind === 'operator' && values.includes(token.value);
  }
  private expect(value: string, context: string): void {
    const token = this.peek();
    if (token.kind === 'operator' && token.value === value) {
      this.index++;
      return;
    }
    fail(`Expected '${value}' ${context} but found ${describe(token)}`, token.position);
  }

  parse(): ExpressionNode {
    const node = this.expression();
    const rest = this.peek();
    if (rest.kind !== 'end') fail(`Unexpected ${describe(rest)}`, rest.position);
    return node;
  }

  private expression(): ExpressionNode {
    if (++this.depth > MAX_DEPTH) fail('The formula is nested too deeply', this.peek().position);
    const left = this.additive();
    const token = this.peek();
    let node = left;
    if (token.kind === 'operator' && token.value in COMPARISONS) {
      this.index++;
      const right = this.additive();
      node = { type: 'binary', operator: COMPARISONS[token.value]!, left, right, position: token.position };
      if (this.peek().kind === 'operator' && (this.peek() as { value: string }).value in COMPARISONS) {
        fail('Comparisons cannot be chained; use if() or parentheses', this.peek().position);
      }
    }
    this.depth--;
    return node;
  }

  private additive(): ExpressionNode {
    let node = this.multiplicative();
    while (this.isOperator('+', '-')) {
      const token = this.next() as { value: ArithmeticOperator; position: number };
      node = {
        type: 'binary',
        operator: token.value,
        left: node,
        right: this.multiplicative(),
        position: token.position,
      };
    }
    return node;
  }

  private multiplicative(): ExpressionNode {
    let node = this.unary();
    while (this.isOperator('*', '/')) {
      const token = this.next() as { value: ArithmeticOperator; position: number };
      node = {
        type: 'binary',
        operator: token.value,
        left: node,
        right: this.unary(),
        position: token.position,
      };
    }
    return node;
  }

  private unary(): ExpressionNode {
    if (this.isOperator('-', '+')) {
      const token = this.next() as { value: string; position: number };
      const operand = this.unary();
      return token.value === '-' ? { type: 'negate', operand, position: token.position } : operand;
    }
    return this.primary();
  }

  private primary(): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { type: 'number', value: token.value, position: token.position };
      case 'string':
        return { type: 'string', value: token.value, position: token.position };
      case 'reference':
        return { type: 'reference', name: token.name, position: token.position };
      case 'identifier':
        return this.call(token.name, token.position);
      case 'operator':
        if (token.value === '(') {
          const inner = this.expression();
          this.expect(')', 'to close the parenthesis');
          return inner;
        }
        return fail(`Unexpected '${token.value}'`, token.position);
      case 'end':
        return fail('The formula ends too early', token.position);
    }
  }

  private call(rawName: string, position: number): ExpressionNode {
    const name = rawName.toLowerCase();
    const spec = EXPRESSION_FUNCTIONS.get(name as ExpressionFunction);
    if (!spec) {
      const hint = this.isOperator('(')
        ? ''
        : '; property references are written in braces, like {Pole Count}';
      return fail(`Unknown function '${rawName}'${hint}`, position);
    }
    this.expect('(', `after ${name}`);
    const args: ExpressionNode[] = [];
    if (!this.isOperator(')')) {
      args.push(this.expression());
      while (this.isOperator(',')) {
        this.index++;
        args.push(this.expression());
      }
    }
    const close = this.peek();
    this.expect(')', `to close ${name}(`);
    if (args.length < spec.min || args.length > spec.max) {
      fail(`Wrong number of arguments: use ${spec.usage}`, close.position);
    }
    return { type: 'call', name: name as ExpressionFunction, args, position };
  }
}

function collectReferences(node: ExpressionNode, into: Map<string, string>): void {
  switch (node.type) {
    case 'reference':
      if (!into.has(node.name.toLowerCase())) into.set(node.name.toLowerCase(), node.name);
      return;
    case 'negate':
      collectReferences(node.operand, into);
      return;
    case 'binary':
      collectReferences(node.left, into);
      collectReferences(node.right, into);
      return;
    case 'call':
      for (const arg of node.args) collectReferences(arg, into);
      return;
    default:
      return;
  }
}

/** Parses a formula; on failure the error names what is wrong and where. */
export function parseExpression(formula: string): ParseResult {
  if (!formula.trim()) return { ok: false, error: { message: 'The formula is empty', position: 1 } };
  if (formula.length > MAX_FORMULA_LENGTH) {
    return {
      ok: false,
      error: {
        message: `The formula is longer than ${MAX_FORMULA_LENGTH} characters`,
        position: MAX_FORMULA_LENGTH + 1,
      },
    };
  }
  try {
    const ast = new Parser(tokenize(formula)).parse();
    const references = new Map<string, string>();
    collectReferences(ast, references);
    return { ok: true, ast, references: [...references.values()] };
  } catch (error) {
    if (error instanceof FormulaError)
      return { ok: false, error: { message: error.message, position: error.position } };
    throw error;
  }
}

/** The property names a formula refers to (each once, as first written), or [] when it does not parse. */
export function expressionReferences(formula: string): string[] {
  const result = parseExpression(formula);
  return result.ok ? result.references : [];
}
