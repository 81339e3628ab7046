import { envelope } from '@crossarm/shared';
import type { z } from 'zod';

/** Wraps a result in the success envelope every API response uses. */
export function ok<T>(data: T, statusText = 'OK') {
  return { success: true as const, data, error: null, statusText };
}

/** The response schema map for a route answering 200 with `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}
