import { z } from 'zod';

/** Largest page a list endpoint returns. */
export const MAX_PAGE_SIZE = 200;

/** Query of a paged, sorted, searchable list: `?page=1&pageSize=25&search=...&sortBy=name&sortDir=asc`. */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  search: z.string().trim().max(200).optional(),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** A page of a list with the total number of rows that match. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
