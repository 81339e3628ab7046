import { FieldType, type LibraryEntry, type LibraryKind } from '@crossarm/shared';
import { Divider, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { fieldTypeLabels } from '../render-options-summary';
import type { EntryForm } from '../use-entry-form';
import { PropertyOptionsEditor } from './PropertyOptionsEditor';

const fieldTypeData = FieldType.options.map((value) => ({ value, label: fieldTypeLabels[value] }));

interface LibraryEntryFieldsProps {
  kind: LibraryKind;
  entry: LibraryEntry | null;
  form: Pick<EntryForm, 'draft' | 'setDraft' | 'touch' | 'errorFor'>;
}

/** The fields of an entry of the kind: name, field type and its options, description, duration. */
export function LibraryEntryFields({ kind, entry, form }: LibraryEntryFieldsProps) {
  const { draft, setDraft, touch, errorFor } = form;
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        data-autofocus
        value={draft.name}
        error={errorFor('name')}
        onBlur={() => touch('name')}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setDraft((d) => ({ ...d, name }));
        }}
      />
      {kind === 'property' ? (
        <Select
          label="Field type"
          required
          data={fieldTypeData}
          value={draft.fieldType}
          allowDeselect={false}
          error={errorFor('fieldType')}
          onChange={(value) => value && setDraft((d) => ({ ...d, fieldType: FieldType.parse(value) }))}
        />
      ) : null}
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={5}
        value={draft.description}
        error={errorFor('description')}
        onBlur={() => touch('description')}
        onChange={(event) => {
          const description = event.currentTarget.value;
          setDraft((d) => ({ ...d, description }));
        }}
      />
      {kind === 'task' ? (
        <NumberInput
          label="Default duration"
          description="Days a task of this kind usually takes; templates may change it."
          suffix=" days"
          min={0}
          allowDecimal={false}
          w={220}
          value={draft.defaultDurationDays}
          error={errorFor('defaultDurationDays')}
          onBlur={() => touch('defaultDurationDays')}
          onChange={(value) =>
            setDraft((d) => ({ ...d, defaultDurationDays: typeof value === 'number' ? value : '' }))
          }
        />
      ) : null}
      {kind === 'property' ? (
        <>
          <Divider label={`${fieldTypeLabels[draft.fieldType]} options`} labelPosition="left" mt={4} />
          <PropertyOptionsEditor
            draft={draft}
            setDraft={setDraft}
            errorFor={(path) => errorFor(`renderOptions.${path}`)}
            touch={(path) => touch(`renderOptions.${path}`)}
            entry={entry}
          />
        </>
      ) : null}
    </Stack>
  );
}
