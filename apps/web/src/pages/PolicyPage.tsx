import { Box, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { fetchPolicy, legalKeys, type PolicyKind } from '../features/legal/api';
import { PolicyDocumentView } from '../features/legal/components/PolicyDocumentView';
import { PublicFooter } from '../features/sign-in/components/PublicFooter';
import { PublicHeader } from '../features/sign-in/components/PublicHeader';
import { useAuth } from '../lib/auth/use-auth';

const titles: Record<PolicyKind, string> = { privacy: 'Privacy Policy', terms: 'Terms of Service' };

function isPolicyKind(value: string | undefined): value is PolicyKind {
  return value === 'privacy' || value === 'terms';
}

function readVersion(value: string | null): number | null {
  const version = value === null ? Number.NaN : Number(value);
  return Number.isInteger(version) && version > 0 ? version : null;
}

/** /policies/{policy}: the privacy policy or the terms of service, readable without signing in. */
export function PolicyPage() {
  const { policy } = useParams();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const kind: PolicyKind = isPolicyKind(policy) ? policy : 'privacy';
  const version = readVersion(searchParams.get('version'));
  const query = useQuery({
    queryKey: legalKeys.policy(kind, version),
    queryFn: ({ signal }) => fetchPolicy(kind, version, signal),
    enabled: isPolicyKind(policy),
  });
  if (!isPolicyKind(policy)) return <Navigate to="/" replace />;
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader
        action={
          <Button component={Link} to={user ? '/landing' : '/sign-in'} size="compact-md" variant="default">
            {user ? 'Open Crossarm' : 'Sign In'}
          </Button>
        }
      />
      <Box component="main" style={{ flex: 1 }} px="md" py="xl">
        <PolicyDocumentView
          title={titles[kind]}
          document={query.data}
          loading={query.isLoading}
          failed={query.isError}
        />
      </Box>
      <PublicFooter />
    </Box>
  );
}
