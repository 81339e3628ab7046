import { Alert, Badge, Box, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { FileField } from '../fields/FileField';
import type { FieldProperty } from '../fields/field-values';
import { ApplicationFormSection, focusField } from './ApplicationFormSection';
import { fieldDomId, LOCATION_KEY, POLES_KEY } from './application-state';
import { DraftsCard } from './DraftsCard';
import { PolesSection } from './PolesSection';
import { ProjectSection } from './ProjectSection';
import { ReviewSection } from './ReviewSection';
import { PROJECT_KEY, useApplication } from './use-application';

/** General attachments are picked with the same control as a File property of the form. */
const ATTACHMENTS: FieldProperty = {
  propertyEntryId: 'attachments',
  name: 'Attachments',
  fieldType: 'File',
  renderOptions: null,
  required: false,
  description: 'Drawings, photos, load studies: attached to the permit once it is created.',
};

function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`application-step-${step}`}>
      <Title order={2} fz="md" mb="sm" id={`application-step-${step}`}>
        {step}. {title}
      </Title>
      {children}
    </Paper>
  );
}

interface ApplicationViewProps {
  draftId: string | null;
  projectId: string | null;
  setParams: (params: { draft?: string | null; project?: string | null }) => void;
}

/** Applying for a permit: project, application form, poles, files, then review and submit (or save a draft). */
export function ApplicationView(props: ApplicationViewProps) {
  const app = useApplication(props);
  const { state, errors } = app;

  const onSubmit = async () => {
    const found = await app.submit();
    const first = [PROJECT_KEY, LOCATION_KEY, ...app.fields.map((f) => f.propertyEntryId), POLES_KEY].find(
      (key) => found?.[key],
    );
    if (first) focusField(first);
  };

  return (
    <>
      <PageHeader
        title="Permit Application"
        description="Apply for a joint use permit on one of your projects."
        aside={
          app.openDraftId ? (
            <Badge variant="light" radius="sm" tt="none">
              Draft
            </Badge>
          ) : null
        }
        actions={
          app.openDraftId || app.dirty ? (
            <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={app.startOver}>
              New application
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        {app.draftMissing ? (
          <Alert color="yellow" variant="light" p="xs" role="alert" title="This draft does not exist">
            It may have been submitted or deleted, or the link is wrong. Start a new application below, or
            open one of your drafts.
          </Alert>
        ) : null}
        {app.drafts.length > 0 ? (
          <DraftsCard
            drafts={app.drafts}
            openId={app.openDraftId}
            onOpen={(draft) => void app.openDraft(draft)}
            onDelete={(draft) => void app.removeDraft(draft)}
          />
        ) : null}
        <Section step={1} title="Project">
          {app.projectsError ? (
            <Alert color="red" variant="light" p="xs" role="alert">
              Your projects did not load. Check your connection and{' '}
              <Button size="compact-xs" variant="subtle" onClick={app.retryProjects}>
                try again
              </Button>
            </Alert>
          ) : (
            <Box id={fieldDomId(PROJECT_KEY)}>
              <ProjectSection
                choices={app.draftLoading ? undefined : app.choices}
                value={state.projectId}
                onChange={app.setProject}
                locked={app.openDraftId !== null}
                error={errors[PROJECT_KEY]}
              />
            </Box>
          )}
        </Section>
        <Section step={2} title="Application form">
          <ApplicationFormSection app={app} />
        </Section>
        <Section step={3} title="Poles">
          {state.projectId ? (
            <Box id={fieldDomId(POLES_KEY)}>
              <PolesSection
                key={state.projectId}
                projectId={state.projectId}
                bbox={app.bbox}
                known={app.known}
                partial={app.polesPartial}
                poleIds={state.poleIds}
                onChange={app.setPoles}
                error={errors[POLES_KEY]}
              />
            </Box>
          ) : (
            <Text size="sm" c="dimmed">
              Choose a project first to pick its poles.
            </Text>
          )}
        </Section>
        <Section step={4} title="Files">
          <FileField
            property={ATTACHMENTS}
            value={[]}
            onChange={() => undefined}
            readOnly={false}
            newFiles={app.attachments}
            onNewFilesChange={app.setAttachments}
          />
        </Section>
        <Section step={5} title="Review & submit">
          <ReviewSection app={app} onSubmit={() => void onSubmit()} />
        </Section>
      </Stack>
    </>
  );
}
