import { formatDate, type Project, type ProjectTerms, type ProjectTermsState } from '@crossarm/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { TermsAcceptance } from './TermsAcceptance';

interface CurrentTermsProps {
  project: Project;
  state: ProjectTermsState & { terms: ProjectTerms };
  /** Set for the pole owner's managers. */
  onPublishNew?: () => void;
}

/** The current version of the terms: when and by whom published, its acceptance, and the text. */
export function CurrentTerms({ project, state, onPublishNew }: CurrentTermsProps) {
  const { terms } = state;
  const by = terms.createdBy ? ` by ${terms.createdBy}` : '';
  return (
    <Stack gap="md">
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="terms-title">
        <Group justify="space-between" wrap="wrap" mb="sm">
          <div>
            <Title order={2} fz="sm" fw={600} id="terms-title">
              Terms, version {terms.version}
            </Title>
            <Text size="xs" c="dimmed">
              Published on {formatDate(terms.createdAt)}
              {by}
            </Text>
          </div>
          {onPublishNew ? (
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onPublishNew}>
              Publish new terms
            </Button>
          ) : null}
        </Group>
        <TermsAcceptance project={project} state={state} />
      </Paper>
      <Paper withBorder radius="md" p="xl" maw={880} aria-label="Terms text" role="document">
        <SanitizedHtml html={terms.htmlContent} demoteHeadings />
      </Paper>
    </Stack>
  );
}
