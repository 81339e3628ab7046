import { Alert, Anchor, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconChecklist, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { focusField } from './ApplicationFormSection';
import type { ApplicationModel } from './use-application';

/** What the application holds, the completeness check, saving as a draft and submitting. */
export function ReviewSection({ app, onSubmit }: { app: ApplicationModel; onSubmit: () => void }) {
  const { state, fields, completeness, busy, progress } = app;
  const filled = fields.filter((field) => {
    const value = state.values[field.propertyEntryId];
    return (
      (value !== null &&
        value !== undefined &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0)) ||
      (app.newFiles[field.propertyEntryId] ?? []).length > 0
    );
  }).length;
  const fileCount =
    app.attachments.length + Object.values(app.newFiles).reduce((sum, files) => sum + files.length, 0);
  const disabled = busy !== null || !state.projectId || app.form.isError;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {filled} of {fields.length} form {fields.length === 1 ? 'field' : 'fields'} filled in ·{' '}
        {state.poleIds.length.toLocaleString('en-US')} {state.poleIds.length === 1 ? 'pole' : 'poles'} ·{' '}
        {fileCount} {fileCount === 1 ? 'file' : 'files'}
      </Text>
      {completeness?.complete ? (
        <Alert color="green" variant="light" p="xs" role="status" title="The application is complete">
          Every required field is filled in. You can submit it.
        </Alert>
      ) : null}
      {completeness && !completeness.complete ? (
        <Alert color="yellow" variant="light" p="xs" role="status" title="Required fields still empty">
          <List size="sm" spacing={2}>
            {completeness.missing.map((item) => (
              <List.Item key={item.propertyEntryId}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => focusField(item.propertyEntryId)}
                >
                  {item.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {progress !== null ? (
        <Progress value={Math.round(progress * 100)} size="sm" aria-label="Upload progress" animated />
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconChecklist size={16} />}
          loading={busy === 'check'}
          disabled={disabled && busy !== 'check'}
          onClick={() => void app.check()}
        >
          Check completeness
        </Button>
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          loading={busy === 'draft'}
          disabled={disabled && busy !== 'draft'}
          onClick={() => void app.saveAsDraft()}
        >
          {app.openDraftId ? 'Update draft' : 'Save draft'}
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          loading={busy === 'submit'}
          disabled={disabled && busy !== 'submit'}
          onClick={onSubmit}
        >
          Submit application
        </Button>
      </Group>
    </Stack>
  );
}
