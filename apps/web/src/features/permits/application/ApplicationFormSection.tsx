import { Alert, Box, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { isApiError } from '../../../lib/api/api-error';
import { PropertyField } from '../fields/PropertyField';
import { fieldDomId, LOCATION_KEY } from './application-state';
import type { ApplicationModel } from './use-application';

/** Brings a field of the page into view and puts the cursor in it. */
export function focusField(key: string) {
  const wrapper = document.getElementById(fieldDomId(key));
  if (!wrapper) return;
  wrapper.scrollIntoView({ block: 'center', behavior: 'smooth' });
  wrapper.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button, [tabindex]')?.focus({
    preventScroll: true,
  });
}

/** The location and the application form of the project's workflow, one field per property. */
export function ApplicationFormSection({ app }: { app: ApplicationModel }) {
  const { form, fields, state, errors } = app;
  if (!state.projectId) {
    return (
      <Text size="sm" c="dimmed">
        Choose a project first: its workflow decides what the application asks.
      </Text>
    );
  }
  if (form.isError) {
    const missing = isApiError(form.error) && form.error.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} variant="light" p="xs" role="alert">
        {missing
          ? 'This project has no published workflow to apply on yet. Ask the pole owner to publish one, or choose another project.'
          : 'The application form did not load. Check your connection and choose the project again.'}
      </Alert>
    );
  }
  if (!form.data) {
    return (
      <Stack gap="sm">
        <Skeleton h={36} w="60%" />
        <Skeleton h={36} w="60%" />
        <Skeleton h={36} w="60%" />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {form.data.templateName}, version {form.data.templateVersion}. Fields marked * are required.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
        <Box id={fieldDomId(LOCATION_KEY)}>
          <TextInput
            label="Location"
            description="Where the work is: streets, an address or a landmark"
            maxLength={500}
            value={state.location}
            error={errors[LOCATION_KEY]}
            onChange={(event) => {
              app.update({ location: event.currentTarget.value });
              app.clearError(LOCATION_KEY);
            }}
          />
        </Box>
        {fields.map((field) => (
          <Box key={field.propertyEntryId} id={fieldDomId(field.propertyEntryId)}>
            <PropertyField
              property={field}
              value={state.values[field.propertyEntryId] ?? null}
              onChange={(value) => app.setValue(field.propertyEntryId, value)}
              error={errors[field.propertyEntryId]}
              userOptions={app.userOptions}
              newFiles={app.newFiles[field.propertyEntryId] ?? []}
              onNewFilesChange={(files) => app.setNewFiles(field.propertyEntryId, files)}
            />
          </Box>
        ))}
      </SimpleGrid>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          This workflow’s application form asks for nothing more than the location, the poles and any files.
        </Text>
      ) : null}
    </Stack>
  );
}
