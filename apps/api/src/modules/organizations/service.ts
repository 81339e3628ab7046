import type { Application, Organization } from '@crossarm/shared';
import { OrganizationInput as OrganizationInputSchema } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { type FormInput, parseFields } from '../../http/form.ts';
import { organizationSessionInvalid } from '../../realtime/outbox.ts';
import { adminPolicy } from '../admin/policy.ts';
import { recordAudit } from '../audit/audit.ts';
import { imageUrl, storeImage } from '../files/images.ts';
import {
  findOrganization,
  listOrganizations,
  nameTaken,
  type OrganizationFilter,
  type OrganizationRecord,
  organizationHoldings,
  setApplications,
} from './repo.ts';

/** The API shape of an organization. */
export function presentOrganization(row: OrganizationRecord): Organization {
  return {
    id: row.id,
    name: row.name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    website: row.website,
    logoUrl: imageUrl(row.logo_file_id),
    applications: row.applications ?? [],
    userCount: Number(row.user_count ?? 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The audited view of a profile: what an administrator can change. */
function auditable(row: OrganizationRecord) {
  const { id, name, address_line1, address_line2, city, state, postal_code, country } = row;
  const { contact_name, contact_email, contact_phone, website, logo_file_id } = row;
  return {
    id,
    name,
    address_line1,
    address_line2,
    city,
    state,
    postal_code,
    country,
    contact_name,
    contact_email,
    contact_phone,
    website,
    logo_file_id,
  };
}

function toColumns(input: ReturnType<typeof OrganizationInputSchema.parse>) {
  return {
    name: input.name,
    address_line1: input.addressLine1,
    address_line2: input.addressLine2,
    city: input.city,
    state: input.state,
    postal_code: input.postalCode,
    country: input.country,
    contact_name: input.contactName,
    contact_email: input.contactEmail,
    contact_phone: input.contactPhone,
    website: input.website,
  };
}

export async function listAll(
  ctx: ServiceContext,
  filter: OrganizationFilter,
  page: { page: number; pageSize: number },
) {
  if (!adminPolicy.viewOrganizations(ctx.session)) throw forbidden();
  const { rows, total } = await listOrganizations(ctx.db, filter, page);
  return { items: rows.map((row) => presentOrganization(row as OrganizationRecord)), total, ...page };
}

/** One organization, for system administrators or for members allowed to see their own. */
export async function getOrganization(ctx: ServiceContext, id: string, via: 'system' | 'own') {
  const allowed =
    via === 'system'
      ? adminPolicy.viewOrganizations(ctx.session)
      : adminPolicy.viewOrganizationInfo(ctx.session);
  if (!allowed) throw forbidden();
  const row = await findOrganization(ctx.db, id);
  if (!row) throw notFound('The organization');
  return presentOrganization(row);
}

async function requireFreeName(trx: Trx, name: string, exceptId?: string) {
  if (await nameTaken(trx, name, exceptId)) throw conflict(`An organization named "${name}" already exists.`);
}

/** Runs a profile write with the uploaded logo (if any) stored first; a failed write removes the bytes again. */
async function withLogo<T>(
  ctx: ServiceContext,
  form: FormInput,
  work: (trx: Trx, logoId: string | null) => Promise<T>,
) {
  const logo = form.files.find((file) => file.field === 'logo');
  const stored: { discard?: () => Promise<void> } = {};
  try {
    return await transact(ctx, async (trx) => {
      const image = logo
        ? await storeImage(trx, ctx.app.storage, {
            file: logo,
            purpose: 'logo',
            organizationId: null,
            createdBy: ctx.session.user.id,
          })
        : null;
      stored.discard = image?.discard;
      return work(trx, image?.id ?? null);
    });
  } catch (error) {
    await stored.discard?.();
    throw error;
  }
}

export async function createOrganization(ctx: ServiceContext, form: FormInput): Promise<Organization> {
  if (!adminPolicy.manageOrganizations(ctx.session)) throw forbidden();
  const input = parseFields(OrganizationInputSchema, form.fields);
  const id = await withLogo(ctx, form, async (trx, logoId) => {
    await requireFreeName(trx, input.name);
    const created = await trx
      .insertInto('organizations')
      .values({ ...toColumns(input), logo_file_id: logoId, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (logoId)
      await trx
        .updateTable('stored_files')
        .set({ organization_id: created.id })
        .where('id', '=', logoId)
        .execute();
    const row = (await findOrganization(trx, created.id))!;
    await recordAudit(trx, ctx.session, {
      action: 'organization.created',
      targetType: 'organization',
      targetId: created.id,
      organizationId: created.id,
      after: auditable(row),
    });
    return created.id;
  });
  return presentOrganization((await findOrganization(ctx.db, id))!);
}

/** Edits a profile; `via: 'own'` is the organization administrator editing their own organization. */
export async function updateOrganization(
  ctx: ServiceContext,
  id: string,
  form: FormInput,
  via: 'system' | 'own',
) {
  const allowed =
    via === 'system'
      ? adminPolicy.manageOrganizations(ctx.session)
      : adminPolicy.manageOrganizationInfo(ctx.session);
  if (!allowed) throw forbidden();
  const input = parseFields(OrganizationInputSchema, form.fields);
  await withLogo(ctx, form, async (trx, logoId) => {
    const before = await findOrganization(trx, id);
    if (!before) throw notFound('The organization');
    await requireFreeName(trx, input.name, id);
    await trx
      .updateTable('organizations')
      .set({ ...toColumns(input), ...(logoId ? { logo_file_id: logoId } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (logoId)
      await trx.updateTable('stored_files').set({ organization_id: id }).where('id', '=', logoId).execute();
    const after = (await findOrganization(trx, id))!;
    await recordAudit(trx, ctx.session, {
      action: 'organization.updated',
      targetType: 'organization',
      targetId: id,
      organizationId: id,
      before: auditable(before),
      after: auditable(after),
    });
    await ctx.app.events.record(trx, organizationSessionInvalid(id, ctx.connectionId));
  });
  return presentOrganization((await findOrganization(ctx.db, id))!);
}

/**
 * Deletes an organization only when nothing would be lost: one that still has people, takes part in projects
 * or has permits is refused with a message saying so.
 */
export async function deleteOrganization(ctx: ServiceContext, id: string) {
  if (!adminPolicy.manageOrganizations(ctx.session)) throw forbidden();
  await transact(ctx, async (trx) => {
    const row = await findOrganization(trx, id);
    if (!row) throw notFound('The organization');
    if (row.id === ctx.session.organizationId) throw conflict('You cannot delete your own organization.');
    const holdings = await organizationHoldings(trx, id);
    if (holdings.users > 0) {
      const people = holdings.users === 1 ? '1 user' : `${holdings.users} users`;
      throw conflict(
        `${row.name} still has ${people}. Remove them from the organization before deleting it.`,
      );
    }
    // Permits are the record of what was applied for on whose poles: they outlive neither side silently.
    if (holdings.permits > 0) {
      throw conflict(`${row.name} has permits on record, so it cannot be deleted.`);
    }
    if (holdings.projects > 0) {
      const projects = holdings.projects === 1 ? '1 project' : `${holdings.projects} projects`;
      throw conflict(`${row.name} takes part in ${projects}. Remove it from them before deleting it.`);
    }
    await trx.deleteFrom('organizations').where('id', '=', id).execute();
    await recordAudit(trx, ctx.session, {
      action: 'organization.deleted',
      targetType: 'organization',
      targetId: id,
      before: auditable(row),
    });
  });
}

/** Turns applications on or off for an organization; its members' sessions reload. */
export async function updateApplications(ctx: ServiceContext, id: string, applications: Application[]) {
  if (!adminPolicy.manageOrganizations(ctx.session)) throw forbidden();
  await transact(ctx, async (trx) => {
    const row = await findOrganization(trx, id);
    if (!row) throw notFound('The organization');
    await setApplications(trx, id, applications);
    await recordAudit(trx, ctx.session, {
      action: 'organization.applications-changed',
      targetType: 'organization',
      targetId: id,
      organizationId: id,
      before: { applications: row.applications },
      after: { applications: [...new Set(applications)].sort() },
    });
    await ctx.app.events.record(trx, organizationSessionInvalid(id, ctx.connectionId));
  });
  return presentOrganization((await findOrganization(ctx.db, id))!);
}
