import type { ProjectTermsState } from '@crossarm/shared';
import sanitizeHtml from 'sanitize-html';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject, requireVisibleProject } from './access.ts';
import { projectPermissionsOf } from './permissions-repo.ts';
import { fullName } from './repo.ts';

/** Ordinary formatting, lists, tables and links; no scripts, styles, frames, forms or images. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'u', 's', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // A link in the terms opens elsewhere without handing the app's window to the page it opens.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The terms' HTML as it is stored and shown: only markup that cannot run or load anything. */
export function sanitizeTermsHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** The project's current terms: its highest version, with the publisher's name. */
export async function currentTerms(db: Executor, projectId: string) {
  return db
    .selectFrom('project_terms as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select(['t.id', 't.version', 't.html_content', 't.created_at', fullName('u').as('created_by')])
    .where('t.project_id', '=', projectId)
    .orderBy('t.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** An organization's acceptance of one version of the terms, with the name of who accepted. */
export async function acceptanceOf(db: Executor, termsId: string, organizationId: string) {
  return db
    .selectFrom('project_terms_acceptances as a')
    .leftJoin('users as u', 'u.id', 'a.accepted_by')
    .select(['a.accepted_at', fullName('u').as('accepted_by')])
    .where('a.terms_id', '=', termsId)
    .where('a.organization_id', '=', organizationId)
    .executeTakeFirst();
}

async function termsState(
  db: Executor,
  projectId: string,
  organizationId: string,
): Promise<ProjectTermsState> {
  const terms = await currentTerms(db, projectId);
  if (!terms) return { terms: null, acceptance: null };
  const acceptance = await acceptanceOf(db, terms.id, organizationId);
  return {
    terms: {
      id: terms.id,
      version: terms.version,
      htmlContent: terms.html_content,
      createdAt: terms.created_at.toISOString(),
      createdBy: terms.created_by,
    },
    acceptance: acceptance
      ? { acceptedAt: acceptance.accepted_at.toISOString(), acceptedBy: acceptance.accepted_by }
      : null,
  };
}

/** The project's current terms and whether the caller's organization has accepted that version. */
export async function getProjectTerms(ctx: ServiceContext, projectId: string) {
  await requireVisibleProject(ctx, ctx.db, projectId);
  return termsState(ctx.db, projectId, ctx.session.organizationId!);
}

/** Publishes a new version of the terms; every attacher has to accept it again. */
export async function publishProjectTerms(ctx: ServiceContext, projectId: string, html: string) {
  const clean = sanitizeTermsHtml(html);
  if (!sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim()) {
    throw badRequest('The terms have no text once unsafe markup is removed.', [
      { field: 'body.htmlContent', message: 'No text left once unsafe markup is removed' },
    ]);
  }
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(ctx, trx, projectId, 'Only the pole owner sets the terms.');
    const previous = await currentTerms(trx, projectId);
    const version = (previous?.version ?? 0) + 1;
    const created = await trx
      .insertInto('project_terms')
      .values({ project_id: projectId, version, html_content: clean, created_by: ctx.session.user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx.session, {
      action: 'project.terms-published',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      after: { termsId: created.id, version },
    });
  });
  return getProjectTerms(ctx, projectId);
}

/**
 * Accepts the current terms for the caller's attacher organization. Accepting binds the organization, so it
 * takes someone who may apply for permits on the project; accepting again changes nothing.
 */
export async function acceptProjectTerms(ctx: ServiceContext, projectId: string, termsId: string) {
  const organizationId = ctx.session.organizationId!;
  await transact(ctx, async (trx) => {
    const project = await requireVisibleProject(ctx, trx, projectId);
    if (project.my_role !== 'AttacherOrg')
      throw forbidden('The pole owner sets the terms; attachers accept them.');
    const permissions = await projectPermissionsOf(trx, projectId, ctx.session.user.id, organizationId);
    if (!permissions.includes('CreatePermits')) {
      throw forbidden('Accepting the terms takes permission to create permits on the project.');
    }
    const terms = await currentTerms(trx, projectId);
    if (terms?.id !== termsId) throw conflict('These are not the current terms of the project; reload them.');
    const accepted = await trx
      .insertInto('project_terms_acceptances')
      .values({ terms_id: termsId, organization_id: organizationId, accepted_by: ctx.session.user.id })
      .onConflict((oc) => oc.doNothing())
      .returning('terms_id')
      .executeTakeFirst();
    if (!accepted) return;
    await recordAudit(trx, ctx.session, {
      action: 'project.terms-accepted',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      after: { termsId, version: terms.version, organizationId },
    });
  });
  return getProjectTerms(ctx, projectId);
}
