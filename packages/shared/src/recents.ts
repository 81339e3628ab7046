import { z } from 'zod';

/** What a person recently looked at. */
export const RecentType = z.enum(['Project', 'Permit', 'Dashboard']);
export type RecentType = z.infer<typeof RecentType>;

/** The most recents kept per person and type; older ones are dropped. */
export const MAX_RECENTS = 20;

export const Recent = z.object({
  type: RecentType,
  refId: z.uuid(),
  /** Names to show without loading the record; keys as the app reads them. */
  metadata: z.object({ ProjectName: z.string().optional(), PermitNumber: z.string().optional() }),
  viewedAt: z.string(),
});
export type Recent = z.infer<typeof Recent>;
