import type { PolicyDocument } from '@crossarm/shared';
import { formatDate } from '@crossarm/shared';
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SanitizedHtml } from '../../../components/SanitizedHtml';

interface PolicyDocumentViewProps {
  title: string;
  document: PolicyDocument | undefined;
  loading: boolean;
  failed: boolean;
}

/** A legal policy: its title, the version date and the sanitised text. */
export function PolicyDocumentView({ title, document, loading, failed }: PolicyDocumentViewProps) {
  return (
    <Paper withBorder radius="md" p="xl" w="100%" maw={880} mx="auto">
      <Stack gap="xs" mb="lg">
        <Title order={1} fz="h2">
          {title}
        </Title>
        {document ? (
          <Text size="sm" c="dimmed">
            Version as of {formatDate(document.createdAt)}
          </Text>
        ) : null}
      </Stack>
      {loading ? (
        <Stack gap="sm">
          <Skeleton h={14} />
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
        </Stack>
      ) : null}
      {failed ? <Text c="dimmed">This policy could not be loaded. Please try again later.</Text> : null}
      {document ? <SanitizedHtml html={document.htmlContent} demoteHeadings /> : null}
    </Paper>
  );
}
