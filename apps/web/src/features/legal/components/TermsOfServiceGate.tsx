import type { TermsAgreement } from '@crossarm/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth/auth-client';
import { agreeToTerms, fetchPolicy, fetchTermsAgreement, legalKeys } from '../api';
import { TermsOfServiceModal } from './TermsOfServiceModal';

/** Shows the Terms of Service dialog to a signed-in user who has not agreed to the current terms. */
export function TermsOfServiceGate() {
  const queryClient = useQueryClient();
  const agreement = useQuery({
    queryKey: legalKeys.agreement(),
    queryFn: ({ signal }) => fetchTermsAgreement(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const mustAgree = agreement.data?.agreed === false;
  const terms = useQuery({
    queryKey: legalKeys.policy('terms', null),
    queryFn: ({ signal }) => fetchPolicy('terms', null, signal),
    enabled: mustAgree,
  });
  const agree = useMutation({
    mutationFn: agreeToTerms,
    // The dialog closes once the agreement is recorded, whatever detail the reply carries.
    onSuccess: (result) =>
      queryClient.setQueryData<TermsAgreement>(legalKeys.agreement(), {
        agreed: true,
        termsOfServiceId: result?.termsOfServiceId ?? terms.data?.id ?? null,
        agreedAt: result?.agreedAt ?? new Date().toISOString(),
      }),
  });
  return (
    <TermsOfServiceModal
      opened={mustAgree}
      document={terms.data}
      agreeing={agree.isPending}
      onAgree={() => agree.mutate()}
      onLogout={() => void authClient.logout()}
    />
  );
}
