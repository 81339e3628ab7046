import type { PermitProperties, PropertyValuesInput } from '@crossarm/shared';
import { CLOSED_PERMIT_STATUSES } from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { discardOnFailure, type ReceivedFile } from './files-upload.ts';
import { requirePermit } from './permit-access.ts';
import { presentValues, saveValues } from './properties.ts';
import { withDefinition } from './tasks-access.ts';

// The application form: the applicant may change it while the permit is still in its first stage (the
// pole owner has not moved it on yet); the pole owner may change it while the permit is open. Both need
// EditPermits.

type FormAccess = Awaited<ReturnType<typeof withDefinition>>;

/** Why the caller may not change the application form now, or null when they may. */
function formRefusal(access: FormAccess): string | null {
  const { permit, definition } = access;
  if ((CLOSED_PERMIT_STATUSES as readonly string[]).includes(permit.status)) {
    return `Permit ${permit.permit_number} is closed, so its application can no longer change.`;
  }
  if (!access.isPoleOwner && permit.active_stage_key !== definition.stages[0]?.key) {
    return 'The application can be changed by the applicant only while the permit is in its first stage.';
  }
  return null;
}

/** The application form of a permit with its values, and whether the caller may change them now. */
export async function getPermitProperties(ctx: ServiceContext, permitId: string): Promise<PermitProperties> {
  const access = await withDefinition(ctx.db, await requirePermit(ctx, ctx.db, permitId));
  const editable = access.permissions.includes('EditPermits') && formRefusal(access) === null;
  const properties = await presentValues(ctx.db, permitId, {
    taskKey: null,
    properties: access.definition.applicationForm,
  });
  return { editable, properties };
}

/**
 * Saves values of the application form and files uploaded to its File properties (removed again when the
 * save is refused); the form's Expression properties follow.
 */
export function savePermitProperties(
  ctx: ServiceContext,
  permitId: string,
  input: PropertyValuesInput,
  files: ReceivedFile[] = [],
) {
  return discardOnFailure(ctx.app.storage, files, () =>
    transact(ctx, async (trx) => {
      const access = await withDefinition(
        trx,
        await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true }),
      );
      const refusal = formRefusal(access);
      if (refusal) throw conflict(refusal);
      const properties = await saveValues(
        ctx,
        trx,
        access,
        { taskKey: null, properties: access.definition.applicationForm },
        input,
        files,
      );
      return { editable: true, properties };
    }),
  );
}
