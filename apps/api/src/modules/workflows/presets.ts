import { FEDERAL_TIMER_PRESETS, type TimerPreset, type TimerPresetInput } from '@crossarm/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { projectPolicy } from '../projects/policy.ts';
import { orgOf } from './access.ts';
import { guardUnique } from './unique.ts';

const FORBIDDEN = 'Saving and deleting timer presets needs the ManageProjects permission.';

const federal = (): TimerPreset[] =>
  FEDERAL_TIMER_PRESETS.map((preset) => ({ ...preset, source: 'Federal', createdAt: null }));

function organizationPresets(db: Executor, organizationId: string) {
  return db
    .selectFrom('timer_presets')
    .select(['id', 'name', 'description', 'timer', 'created_at'])
    .where('organization_id', '=', organizationId);
}

type PresetRow = Awaited<ReturnType<ReturnType<typeof organizationPresets>['executeTakeFirstOrThrow']>>;

const present = (row: PresetRow): TimerPreset => ({
  id: row.id,
  name: row.name,
  description: row.description,
  source: 'Organization',
  timer: row.timer,
  createdAt: row.created_at.toISOString(),
});

/** The federal presets, then the caller's organization's own, by name. */
export async function listPresets(ctx: ServiceContext): Promise<TimerPreset[]> {
  const rows = await organizationPresets(ctx.db, orgOf(ctx)).orderBy(sql`lower(name)`).execute();
  return [...federal(), ...rows.map(present)];
}

/** Saves a preset for the caller's organization; its name is unique there, ignoring case. */
export async function createPreset(ctx: ServiceContext, input: z.output<typeof TimerPresetInput>) {
  if (!projectPolicy.manage(ctx.session)) throw forbidden(FORBIDDEN);
  const taken = () => conflict(`Your organization already has a timer preset named '${input.name}'.`);
  return guardUnique(
    () =>
      transact(ctx, async (trx) => {
        const existing = await organizationPresets(trx, orgOf(ctx))
          .where(sql<string>`lower(name)`, '=', input.name.toLowerCase())
          .executeTakeFirst();
        if (existing) throw taken();
        const row = await trx
          .insertInto('timer_presets')
          .values({
            organization_id: orgOf(ctx),
            name: input.name,
            description: input.description,
            timer: JSON.stringify(input.timer),
            created_by: ctx.session.user.id,
          })
          .returning(['id', 'name', 'description', 'timer', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, ctx.session, {
          action: 'timer-preset.created',
          targetType: 'timer-preset',
          targetId: row.id,
          organizationId: orgOf(ctx),
          after: { name: row.name, description: row.description, timer: row.timer },
        });
        return present(row);
      }),
    taken,
  );
}

/** Deletes one of the caller's organization's presets; timers made from it keep their settings. */
export async function deletePreset(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  await transact(ctx, async (trx) => {
    const row = await organizationPresets(trx, orgOf(ctx)).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('The timer preset');
    if (!projectPolicy.manage(ctx.session)) throw forbidden(FORBIDDEN);
    await trx.deleteFrom('timer_presets').where('id', '=', id).execute();
    await recordAudit(trx, ctx.session, {
      action: 'timer-preset.deleted',
      targetType: 'timer-preset',
      targetId: id,
      organizationId: orgOf(ctx),
      before: { name: row.name, description: row.description, timer: row.timer },
    });
  });
  return { id };
}
