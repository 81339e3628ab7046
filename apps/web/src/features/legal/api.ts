import type { PolicyDocument, TermsAgreement } from '@crossarm/shared';
import { apiRequest } from '../../lib/api/api-client';

/** The policies the app can show, by the path segment of /policies/{policy}. */
export type PolicyKind = 'privacy' | 'terms';

export const legalKeys = {
  all: ['legal'] as const,
  policy: (kind: PolicyKind, version: number | null) =>
    [...legalKeys.all, 'policy', kind, version ?? 'latest'] as const,
  agreement: () => [...legalKeys.all, 'terms-agreement'] as const,
};

/** GET legal/policies/privacy-policy (optionally one version) or legal/policies/terms-of-service. Public. */
export function fetchPolicy(
  kind: PolicyKind,
  version: number | null,
  signal?: AbortSignal,
): Promise<PolicyDocument> {
  const path = kind === 'privacy' ? 'legal/policies/privacy-policy' : 'legal/policies/terms-of-service';
  return apiRequest<PolicyDocument>(path, {
    signal,
    auth: false,
    query: kind === 'privacy' && version !== null ? { version } : undefined,
  });
}

/** GET legal/policies/terms-of-service/agreement: has the signed-in user agreed to the current terms? */
export function fetchTermsAgreement(signal?: AbortSignal): Promise<TermsAgreement> {
  return apiRequest<TermsAgreement>('legal/policies/terms-of-service/agreement', { signal });
}

/** POST legal/policies/terms-of-service/agreement (no body): records the user's agreement. */
export function agreeToTerms(): Promise<TermsAgreement> {
  return apiRequest<TermsAgreement>('legal/policies/terms-of-service/agreement', { method: 'POST' });
}
