import type { FieldError } from '@crossarm/shared';

/** The one error type services throw; the error handler turns it into problem details. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) =>
  new AppError('bad_request', 400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'Authentication is required.') =>
  new AppError('unauthorized', 401, 'Unauthorized', detail);
export const forbidden = (detail = 'You do not have permission to do this.') =>
  new AppError('forbidden', 403, 'Forbidden', detail);
export const notFound = (what = 'The resource') =>
  new AppError('not_found', 404, 'Not Found', `${what} was not found.`);
export const conflict = (detail: string) => new AppError('conflict', 409, 'Conflict', detail);
