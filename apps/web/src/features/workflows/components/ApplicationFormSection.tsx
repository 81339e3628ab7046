import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDesigner } from '../designer-context';
import { anchorOf, issuesUnder } from '../template-issues';
import { PropertyListEditor } from './PropertyListEditor';

/** The properties an applicant fills in when applying for a permit on this template. */
export function ApplicationFormSection() {
  const { definition, issues } = useDesigner();
  const own = issues.applicationForm;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      id={anchorOf({ kind: 'applicationForm' })}
      component="section"
      aria-label="Application form"
      style={own.length > 0 ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="xs">
        <div>
          <Title order={2} fz="sm">
            Application form
          </Title>
          <Text size="xs" c="dimmed">
            What the applicant fills in when applying. A required property must be filled to apply.
          </Text>
        </div>
        <PropertyListEditor
          list="applicationForm"
          properties={definition.applicationForm}
          rowIssues={(index) => issuesUnder(own, String(index))}
          owner="the form"
        />
      </Stack>
    </Paper>
  );
}
