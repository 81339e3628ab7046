import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { adminPolicy } from '../admin/policy.ts';
import { recordAudit } from '../audit/audit.ts';
import { findOrganization, listDomains } from './repo.ts';

async function requireOrganization(ctx: ServiceContext, id: string) {
  const exists = await ctx.db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw notFound('The organization');
}

const presentDomains = (rows: { domain_name: string; created_at: Date }[]) =>
  rows.map((row) => ({ domainName: row.domain_name, createdAt: row.created_at.toISOString() }));

/**
 * An organization's allowed e-mail domains. System administrators who may view organizations see any;
 * members who may view their organization's information see their own; anyone else gets 404.
 */
export async function getDomains(ctx: ServiceContext, organizationId: string) {
  const own = organizationId === ctx.session.organizationId && adminPolicy.viewOrganizationInfo(ctx.session);
  if (!own && !adminPolicy.viewOrganizations(ctx.session)) throw notFound('The organization');
  await requireOrganization(ctx, organizationId);
  return presentDomains(await listDomains(ctx.db, organizationId));
}

export async function getSecurity(ctx: ServiceContext, organizationId: string) {
  return { organizationId, domains: await getDomains(ctx, organizationId), singleSignOn: null };
}

export async function addDomain(ctx: ServiceContext, organizationId: string, domainName: string) {
  if (!adminPolicy.manageDomains(ctx.session)) throw forbidden();
  await transact(ctx, async (trx) => {
    if (!(await findOrganization(trx, organizationId))) throw notFound('The organization');
    const inserted = await trx
      .insertInto('organization_domains')
      .values({ organization_id: organizationId, domain_name: domainName })
      .onConflict((oc) => oc.doNothing())
      .returning('domain_name')
      .executeTakeFirst();
    if (!inserted) throw conflict(`${domainName} is already an allowed domain.`);
    await recordAudit(trx, ctx.session, {
      action: 'organization.domain-added',
      targetType: 'organization',
      targetId: organizationId,
      organizationId,
      after: { domainName },
    });
  });
  return getDomains(ctx, organizationId);
}

export async function removeDomain(ctx: ServiceContext, organizationId: string, domainName: string) {
  if (!adminPolicy.manageDomains(ctx.session)) throw forbidden();
  await transact(ctx, async (trx) => {
    const removed = await trx
      .deleteFrom('organization_domains')
      .where('organization_id', '=', organizationId)
      .where('domain_name', '=', domainName.toLowerCase())
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound(`The domain ${domainName}`);
    await recordAudit(trx, ctx.session, {
      action: 'organization.domain-removed',
      targetType: 'organization',
      targetId: organizationId,
      organizationId,
      before: { domainName },
    });
  });
  return getDomains(ctx, organizationId);
}
