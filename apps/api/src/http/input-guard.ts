import type { FieldError } from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * How deeply a request's input may nest. The deepest shapes the API reads (a filter tree of five groups, five
 * levels of favourite folders, a workflow template) stay well under it; far deeper input would exhaust the
 * stack of a recursive schema before its own depth check could answer.
 */
export const MAX_INPUT_DEPTH = 64;

const NUL = '\u0000';

/** Parsed data (objects, arrays, a parsed query), not bytes or a stream that another reader consumes. */
const isData = (value: object) =>
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The first place in parsed input (in document order) that no schema should be given: nesting deeper than
 * `MAX_INPUT_DEPTH`, or text holding the NUL character, which PostgreSQL text cannot store. Walked without
 * recursion; bytes and streams are left to their own readers.
 */
export function inputProblem(input: unknown, root: string): FieldError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return { field: path, message: 'Text may not contain the NUL character' };
      continue;
    }
    if (value === null || typeof value !== 'object' || !isData(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      return { field: path, message: `Nested deeper than ${MAX_INPUT_DEPTH} levels` };
    }
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      const at = `${path}.${key}`;
      if (key.includes(NUL)) return { field: at, message: 'Names may not contain the NUL character' };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}

/** A 400 naming the place when `inputProblem` refuses the input. */
export function refuseUnsafeInput(input: unknown, root: string) {
  const problem = inputProblem(input, root);
  if (problem) throw badRequest(`${problem.field}: ${problem.message}`, [problem]);
}

/**
 * Refuses a request whose body, query or parameters `inputProblem` refuses, before any schema reads them.
 * Multipart fields are read by their route (`parseFields` checks them the same way).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    refuseUnsafeInput(request.body, 'body');
    refuseUnsafeInput(request.query, 'querystring');
    refuseUnsafeInput(request.params, 'params');
  });
}
