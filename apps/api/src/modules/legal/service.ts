import type { PolicyDocument, TermsAgreement } from '@crossarm/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { Session } from '../session/session.ts';
import { findAgreement, findPolicy, insertAgreement } from './repo.ts';

function present(row: {
  id: string;
  version: number;
  html_content: string;
  created_at: Date;
}): PolicyDocument {
  return {
    id: row.id,
    version: row.version,
    htmlContent: row.html_content,
    createdAt: row.created_at.toISOString(),
  };
}

export async function getPrivacyPolicy(db: Db, version?: number): Promise<PolicyDocument> {
  const row = await findPolicy(db, 'privacy_policies', version);
  if (!row)
    throw notFound(version === undefined ? 'The privacy policy' : `Version ${version} of the privacy policy`);
  return present(row);
}

export async function getTermsOfService(db: Db): Promise<PolicyDocument> {
  const row = await findPolicy(db, 'terms_of_service');
  if (!row) throw notFound('The terms of service');
  return present(row);
}

/** Whether the caller agreed to the current terms; a new version of the terms asks again. */
export async function getAgreement(db: Db, session: Session): Promise<TermsAgreement> {
  const terms = await findPolicy(db, 'terms_of_service');
  if (!terms) return { agreed: true, termsOfServiceId: null, agreedAt: null };
  const agreement = await findAgreement(db, session.user.id, terms.id);
  return {
    agreed: Boolean(agreement),
    termsOfServiceId: terms.id,
    agreedAt: agreement?.agreed_at.toISOString() ?? null,
  };
}

/** Records the caller's agreement to the current terms. */
export async function agree(db: Db, session: Session): Promise<TermsAgreement> {
  const terms = await findPolicy(db, 'terms_of_service');
  if (!terms) throw notFound('The terms of service');
  const agreement = await insertAgreement(db, session.user.id, terms.id);
  return { agreed: true, termsOfServiceId: terms.id, agreedAt: agreement?.agreed_at.toISOString() ?? null };
}
