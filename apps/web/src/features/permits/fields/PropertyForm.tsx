import { Button, Group, Progress, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StoredFileRef } from './field-values';
import { PropertyField } from './PropertyField';
import type { PropertyFormState } from './use-property-form';

interface PropertyFormProps {
  form: PropertyFormState;
  /** An id for the form element (unique on the page). */
  id: string;
  readOnly?: boolean;
  userOptions?: Array<{ value: string; label: string }>;
  onDownload?: (file: StoredFileRef) => void;
  onSubmit: () => void;
  saving: boolean;
  /** Upload progress from 0 to 1 while files are sent; null otherwise. */
  progress?: number | null;
  /** Other buttons after Save (the task's Complete, at the far right). */
  extraActions?: ReactNode;
  submitLabel?: string;
}

/** Wide field types take the whole row. */
const WIDE = new Set(['TextArea', 'File']);

/** A form of a permit's properties: the fields in two columns, Discard and Save at the bottom right. */
export function PropertyForm({
  form,
  id,
  readOnly = false,
  userOptions,
  onDownload,
  onSubmit,
  saving,
  progress = null,
  extraActions,
  submitLabel = 'Save',
}: PropertyFormProps) {
  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) onSubmit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
          {form.fields.map((field) => (
            <div
              key={field.propertyEntryId}
              style={WIDE.has(field.fieldType) ? { gridColumn: '1 / -1' } : undefined}
            >
              <PropertyField
                property={field}
                value={form.values[field.propertyEntryId]}
                onChange={(value) => form.setValue(field.propertyEntryId, value)}
                onBlur={() => form.checkField(field.propertyEntryId)}
                error={form.errors[field.propertyEntryId]}
                readOnly={readOnly}
                userOptions={userOptions}
                newFiles={form.newFiles[field.propertyEntryId] ?? []}
                onNewFilesChange={
                  readOnly ? undefined : (files) => form.setNewFiles(field.propertyEntryId, files)
                }
                onDownload={onDownload}
                size="xs"
              />
            </div>
          ))}
        </SimpleGrid>
        {progress !== null && saving ? (
          <Progress value={Math.round(progress * 100)} size="sm" aria-label="Upload progress" animated />
        ) : null}
        {readOnly && !extraActions ? null : (
          <Group justify="flex-end" gap="xs">
            {readOnly ? null : (
              <>
                <Button
                  variant="subtle"
                  color="gray"
                  size="xs"
                  disabled={!form.dirty || saving}
                  onClick={form.discard}
                >
                  Discard
                </Button>
                <Button
                  type="submit"
                  size="xs"
                  variant={extraActions ? 'default' : 'filled'}
                  loading={saving}
                  disabled={!form.dirty}
                >
                  {submitLabel}
                </Button>
              </>
            )}
            {extraActions}
          </Group>
        )}
      </Stack>
    </form>
  );
}
