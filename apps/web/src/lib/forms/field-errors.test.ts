import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { fieldErrorsOf, isFieldError } from './field-errors';

const refused = (...fields: string[]) =>
  new ApiError({
    status: 400,
    title: 'Bad Request',
    detail: 'The request is not valid',
    errors: fields.map((field) => ({ field, message: `${field} is wrong` })),
  });

describe('isFieldError', () => {
  it('leaves a 400 naming body fields to the form', () => {
    expect(isFieldError(refused('body.name'))).toBe(true);
    expect(isFieldError(refused('params.id'))).toBe(false);
    expect(isFieldError(new ApiError({ status: 500, title: 'Server Error', detail: '' }))).toBe(false);
  });

  it('leaves a 409 to the form that shows it under a field', () => {
    const conflict = new ApiError({ status: 409, title: 'Conflict', detail: 'Name taken' });
    expect(isFieldError(conflict, 'name')).toBe(true);
    expect(isFieldError(conflict)).toBe(false);
  });

  it('given the form’s fields, counts only problems with them: others have nowhere to show', () => {
    const fields = ['name', 'description'];
    expect(isFieldError(refused('body.name'), undefined, fields)).toBe(true);
    expect(isFieldError(refused('body.filterOptions.rows.0.operator'), undefined, fields)).toBe(false);
    expect(
      isFieldError(refused('body.filterOptions.rows.0.operator', 'body.description'), undefined, fields),
    ).toBe(true);
  });
});

describe('fieldErrorsOf', () => {
  it('names problems by form field, the first of each', () => {
    expect(fieldErrorsOf(refused('body.name', 'body.name', 'body.description'))).toEqual({
      name: 'body.name is wrong',
      description: 'body.description is wrong',
    });
  });
});
