import { Code, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/PageHeader';
import { AppWideChecks } from '../features/diagnostics/components/AppWideChecks';
import { useSession } from '../features/session/use-session';
import { fetchApiVersion, versionKeys } from '../features/version/api';
import { builtInVersion } from '../lib/app-version';
import { useAuth } from '../lib/auth/use-auth';
import { hubClient } from '../lib/hub/hub-client';
import { useHubState } from '../lib/hub/use-hub-state';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value}
      </Code>
    </Stack>
  );
}

/** /authtest: what the app knows about the signed-in user and its connections, for diagnosing sign-in. */
export function AuthTestPage() {
  const { user } = useAuth();
  const session = useSession();
  const hubState = useHubState();
  const apiVersion = useQuery({
    queryKey: versionKeys.api(),
    queryFn: ({ signal }) => fetchApiVersion(signal),
  });
  const expiresAt = user?.expires_at ? new Date(user.expires_at * 1000).toLocaleString() : 'unknown';
  return (
    <>
      <PageHeader title="Authentication Test" description="Your sign-in, session and connection details." />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Fact label="Signed in as" value={`${session.user.email} (${session.user.role})`} />
          <Fact label="Organization" value={session.organization?.name ?? 'none'} />
          <Fact label="Subject" value={user?.profile.sub ?? 'none'} />
          <Fact label="Access token expires" value={expiresAt} />
          <Fact label="System permissions" value={session.systemPermissions.join(', ') || 'none'} />
          <Fact
            label="Organization permissions"
            value={session.organizationPermissions.join(', ') || 'none'}
          />
          <Fact
            label="Live updates"
            value={`${hubState}${hubClient.connectionId ? ` (${hubClient.connectionId})` : ''}`}
          />
          <Fact label="Versions" value={`web ${builtInVersion} / api ${apiVersion.data?.version ?? '…'}`} />
        </SimpleGrid>
      </Paper>
      <AppWideChecks />
    </>
  );
}
