import { ExpressionResultType, type LibraryEntry } from '@crossarm/shared';
import {
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchActiveEntries, libraryKeys } from '../api';
import type { EntryDraft, MaybeNumber } from '../library-form';
import { ChoiceOptionsEditor } from './ChoiceOptionsEditor';
import { FormulaInput } from './FormulaInput';

export interface OptionsEditorProps {
  draft: EntryDraft;
  setDraft: (update: (draft: EntryDraft) => EntryDraft) => void;
  /** The message for a path under `renderOptions`. */
  errorFor: (path: string) => string | undefined;
  touch: (path: string) => void;
  /** The entry being edited, if any (a formula cannot use its own property). */
  entry: LibraryEntry | null;
}

const toNumber = (value: string | number): MaybeNumber => (typeof value === 'number' ? value : '');

function TextOptionsEditor({ draft, setDraft, errorFor, touch }: OptionsEditorProps) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TextInput
        label="Placeholder"
        description="A hint shown in the empty field."
        value={draft.text.placeholder}
        error={errorFor('placeholder')}
        onBlur={() => touch('placeholder')}
        onChange={(event) => {
          const placeholder = event.currentTarget.value;
          setDraft((d) => ({ ...d, text: { ...d.text, placeholder } }));
        }}
      />
      <NumberInput
        label="Maximum length"
        description="Characters; empty for no limit."
        min={1}
        allowDecimal={false}
        value={draft.text.maxLength}
        error={errorFor('maxLength')}
        onBlur={() => touch('maxLength')}
        onChange={(value) => setDraft((d) => ({ ...d, text: { ...d.text, maxLength: toNumber(value) } }))}
      />
    </SimpleGrid>
  );
}

function NumberOptionsEditor({ draft, setDraft, errorFor, touch }: OptionsEditorProps) {
  const units = useQuery({
    queryKey: libraryKeys.activeUnits(),
    queryFn: ({ signal }) => fetchActiveEntries('unit', signal),
  });
  const names = (units.data ?? []).map((unit) => unit.name);
  const current = draft.number.unit;
  // An archived unit the property already has stays selectable.
  const data =
    current && !names.some((name) => name.toLowerCase() === current.toLowerCase())
      ? [current, ...names]
      : names;
  const setNumber = (patch: Partial<EntryDraft['number']>) =>
    setDraft((d) => ({ ...d, number: { ...d.number, ...patch } }));
  return (
    <Stack gap="sm">
      <Select
        label="Unit"
        description={
          names.length || units.isPending ? 'From the Units tab.' : 'No units yet: add them in the Units tab.'
        }
        placeholder={units.isPending ? 'Loading units…' : 'No unit'}
        data={data}
        value={current}
        onChange={(unit) => setNumber({ unit })}
        error={errorFor('unit')}
        searchable
        clearable
        w="50%"
      />
      <SimpleGrid cols={3} spacing="sm">
        {(['min', 'max', 'decimals'] as const).map((key) => (
          <NumberInput
            key={key}
            label={{ min: 'Minimum', max: 'Maximum', decimals: 'Decimals' }[key]}
            value={draft.number[key]}
            allowDecimal={key !== 'decimals'}
            min={key === 'decimals' ? 0 : undefined}
            max={key === 'decimals' ? 10 : undefined}
            error={errorFor(key)}
            onBlur={() => touch(key)}
            onChange={(value) => setNumber({ [key]: toNumber(value) })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function FileOptionsEditor({ draft, setDraft, errorFor, touch }: OptionsEditorProps) {
  const typeError = draft.file.acceptedTypes
    .map((_, index) => errorFor(`acceptedTypes.${index}`))
    .find(Boolean);
  return (
    <SimpleGrid cols={2} spacing="sm">
      <TagsInput
        label="Accepted types"
        description="Extensions (.pdf) or types (image/*); none for any."
        placeholder=".pdf, image/*"
        value={draft.file.acceptedTypes}
        onChange={(acceptedTypes) => setDraft((d) => ({ ...d, file: { ...d.file, acceptedTypes } }))}
        onBlur={() => touch('acceptedTypes')}
        error={typeError ?? errorFor('acceptedTypes')}
        splitChars={[',', ' ']}
      />
      <NumberInput
        label="Largest file"
        description="In MB; empty for the platform's limit."
        suffix=" MB"
        min={0}
        value={draft.file.maxSizeMb}
        error={errorFor('maxSizeMb')}
        onBlur={() => touch('maxSizeMb')}
        onChange={(value) => setDraft((d) => ({ ...d, file: { ...d.file, maxSizeMb: toNumber(value) } }))}
      />
    </SimpleGrid>
  );
}

function ExpressionOptionsEditor({ draft, setDraft, errorFor, touch, entry }: OptionsEditorProps) {
  const properties = useQuery({
    queryKey: libraryKeys.activeProperties(),
    queryFn: ({ signal }) => fetchActiveEntries('property', signal),
  });
  const names = (properties.data ?? []).filter((p) => p.id !== entry?.id).map((p) => p.name);
  return (
    <Stack gap="sm">
      <FormulaInput
        value={draft.expression.formula}
        onChange={(formula) => setDraft((d) => ({ ...d, expression: { ...d.expression, formula } }))}
        onBlur={() => touch('formula')}
        error={errorFor('formula')}
        properties={names}
      />
      <Input.Wrapper label="Result" description="What the formula computes." error={errorFor('resultType')}>
        <SegmentedControl
          mt={4}
          size="xs"
          data={ExpressionResultType.options}
          value={draft.expression.resultType}
          onChange={(value) =>
            setDraft((d) => ({
              ...d,
              expression: { ...d.expression, resultType: ExpressionResultType.parse(value) },
            }))
          }
        />
      </Input.Wrapper>
    </Stack>
  );
}

const noOptionsText: Partial<Record<EntryDraft['fieldType'], string>> = {
  Date: "Dates are entered and shown as 'MMM dd, yyyy'. There is nothing to configure.",
  Email: 'E-mail addresses are checked as they are entered. There is nothing to configure.',
  Phone: "Phone numbers are entered as '(###) ###-####'. There is nothing to configure.",
};

/** The render options of the draft's field type. */
export function PropertyOptionsEditor(props: OptionsEditorProps) {
  const { draft, setDraft, errorFor, touch } = props;
  switch (draft.fieldType) {
    case 'Text':
    case 'TextArea':
      return <TextOptionsEditor {...props} />;
    case 'Number':
      return <NumberOptionsEditor {...props} />;
    case 'Radio':
    case 'Dropdown':
      return (
        <ChoiceOptionsEditor
          choices={draft.choices}
          onChange={(choices) => setDraft((d) => ({ ...d, choices }))}
          errorFor={errorFor}
          onBlur={touch}
        />
      );
    case 'Checkbox':
      return (
        <Switch
          label="Checked by default"
          checked={draft.checkbox.defaultChecked}
          onChange={(event) => {
            const defaultChecked = event.currentTarget.checked;
            setDraft((d) => ({ ...d, checkbox: { defaultChecked } }));
          }}
        />
      );
    case 'File':
      return <FileOptionsEditor {...props} />;
    case 'User':
      return (
        <Switch
          label="Allow several users"
          checked={draft.user.multiple}
          onChange={(event) => {
            const multiple = event.currentTarget.checked;
            setDraft((d) => ({ ...d, user: { multiple } }));
          }}
        />
      );
    case 'Expression':
      return <ExpressionOptionsEditor {...props} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          {noOptionsText[draft.fieldType]}
        </Text>
      );
  }
}
