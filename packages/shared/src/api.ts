import { z } from 'zod';

/** Every successful API response: `{ success: true, data, error: null, statusText }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    error: z.null(),
    statusText: z.string(),
  });
}

/** One field-level problem in a 400 response. */
export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** Every failed API response: RFC 9457 problem details plus the envelope's fields. */
export const Problem = z.object({
  success: z.literal(false),
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(FieldError).optional(),
  data: z.null(),
  error: z.string(),
  statusText: z.string(),
});
export type Problem = z.infer<typeof Problem>;
