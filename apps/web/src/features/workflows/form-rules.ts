import type { FormErrors } from '../../lib/forms/use-form-state';

/** A shared schema, seen only as far as checking a body goes. */
interface BodySchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The server's own rules (a shared schema) as messages under the form's fields, before anything is sent. */
export function schemaErrors(schema: BodySchema, body: unknown): FormErrors {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
