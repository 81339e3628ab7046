import type { FieldError, Problem } from '@crossarm/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors.ts';

const TYPE_BASE = 'https://crossarm.dev/problems/';

/** Sends RFC 9457 problem details with the envelope's fields beside them. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: string,
  title: string,
  detail: string,
  errors?: FieldError[],
) {
  const body: Problem = {
    success: false,
    type: `${TYPE_BASE}${code}`,
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
    data: null,
    error: detail,
    statusText: title,
  };
  return reply.status(status).type('application/problem+json').serializer(JSON.stringify).send(body);
}

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = error.validationContext ?? 'body';
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = issue.params as { issue?: { path?: unknown[] } } | undefined;
    const fallback = params?.issue?.path?.join('.') ?? '';
    return {
      field: [context, path || fallback].filter(Boolean).join('.'),
      message: issue.message ?? 'Invalid',
    };
  });
}

/** One error handler for the whole API: AppError, validation errors, Fastify errors, and the rest as 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, error.status, error.code, error.title, error.detail, error.errors);
    }
    if (error.validation) {
      const errors = fieldErrors(error);
      const detail = errors.length ? errors.map((e) => `${e.field}: ${e.message}`).join('; ') : error.message;
      return sendProblem(reply, 400, 'validation', 'Bad Request', detail, errors);
    }
    // Text the database cannot store (a NUL character) that reached it by a way the input guard does not
    // walk, such as a multipart field.
    if (error.code === '22021' || error.code === '22P05') {
      return sendProblem(reply, 400, 'bad_request', 'Bad Request', 'Text may not contain the NUL character.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(
        reply,
        status,
        error.code?.toLowerCase() ?? 'client_error',
        titleFor(status),
        error.message,
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, 500, 'internal', 'Internal Server Error', 'Something went wrong on our side.');
  });
}

/** The 404 problem for a path no route serves. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(
    reply,
    404,
    'not_found',
    'Not Found',
    `No route for ${request.method} ${request.url.split('?')[0]}.`,
  );
}

function titleFor(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
  };
  return titles[status] ?? 'Client Error';
}
