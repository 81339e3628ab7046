import { formatPhone, PHONE_MASK } from '@crossarm/shared';
import {
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconMath } from '@tabler/icons-react';
import type { ChangeEvent, JSX } from 'react';
import { FileField } from './FileField';
import { displayValue, type FieldProperty, type StoredFileRef } from './field-values';

export type { FieldProperty, StoredFileRef } from './field-values';
export { fieldError } from './field-values';

export interface PropertyFieldProps {
  property: FieldProperty;
  /**
   * The stored form: text, number, 'YYYY-MM-DD', boolean, option value, user id or ids, File: array of
   * {fileId, fileName, size}.
   */
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string | null;
  readOnly?: boolean;
  /** People a User field may name. */
  userOptions?: Array<{ value: string; label: string }>;
  /** File fields: files chosen to upload with the next save, and a change callback. */
  newFiles?: File[];
  onNewFilesChange?: (files: File[]) => void;
  /** File fields: a link to download an existing file. */
  fileHref?: (fileId: string) => string;
  /** File fields: downloads a stored file (instead of a plain link, when the download needs the session). */
  onDownload?: (file: StoredFileRef) => void;
  /** Input size; 'sm' by default. */
  size?: 'xs' | 'sm';
}

interface ChoiceOption {
  value: string;
  label: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function optionsOf(renderOptions: Record<string, unknown> | null): ChoiceOption[] {
  const options = renderOptions?.options;
  return Array.isArray(options)
    ? options.filter(
        (o): o is ChoiceOption =>
          typeof o === 'object' && o !== null && typeof o.value === 'string' && typeof o.label === 'string',
      )
    : [];
}

const numberOption = (renderOptions: Record<string, unknown> | null, key: string) =>
  typeof renderOptions?.[key] === 'number' ? (renderOptions[key] as number) : undefined;

/** People to pick from, with any already picked who are no longer offered kept so they still read. */
function withPicked(options: ChoiceOption[], picked: string[]): ChoiceOption[] {
  const known = new Set(options.map((o) => o.value));
  const missing = picked.filter((id) => !known.has(id)).map((id) => ({ value: id, label: 'Former member' }));
  return [...options, ...missing];
}

/** What every input of a field shares: label, description, required mark, message, read-only look. */
function inputProps({ property, error, onBlur, readOnly = false, size = 'sm' }: PropertyFieldProps) {
  return {
    label: property.name,
    description: property.description ?? undefined,
    withAsterisk: property.required && !readOnly,
    error: error ?? undefined,
    onBlur,
    readOnly,
    size,
    variant: readOnly ? 'filled' : 'default',
  } as const;
}

/** One property of a permit (a task's or the application form's) as a labelled form field of its type. */
export function PropertyField(props: PropertyFieldProps): JSX.Element {
  const { property, value, onChange, onBlur, error, readOnly = false, size = 'sm' } = props;
  const { renderOptions } = property;
  const common = inputProps(props);
  const textProps = {
    ...common,
    placeholder: typeof renderOptions?.placeholder === 'string' ? renderOptions.placeholder : undefined,
    maxLength: numberOption(renderOptions, 'maxLength'),
    value: text(value),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.currentTarget.value),
  };
  switch (property.fieldType) {
    case 'Text':
    case 'Email':
      return <TextInput {...textProps} type={property.fieldType === 'Email' ? 'email' : 'text'} />;
    case 'TextArea':
      return <Textarea {...textProps} autosize minRows={2} maxRows={8} />;
    case 'Phone':
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          placeholder={PHONE_MASK}
          maxLength={PHONE_MASK.length}
          value={text(value)}
          onChange={(event) => onChange(formatPhone(event.currentTarget.value))}
        />
      );
    case 'Number': {
      const decimals = numberOption(renderOptions, 'decimals');
      const unit = typeof renderOptions?.unit === 'string' ? renderOptions.unit : null;
      return (
        <NumberInput
          {...common}
          min={numberOption(renderOptions, 'min')}
          max={numberOption(renderOptions, 'max')}
          decimalScale={decimals}
          allowDecimal={decimals !== 0}
          clampBehavior="none"
          rightSection={
            unit ? (
              <Text size="xs" c="dimmed">
                {unit}
              </Text>
            ) : null
          }
          rightSectionWidth={unit ? Math.max(36, unit.length * 8 + 16) : undefined}
          rightSectionPointerEvents="none"
          hideControls
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
        />
      );
    }
    case 'Date':
      return (
        <TextInput
          {...common}
          type="date"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'Checkbox':
      return (
        <Checkbox
          label={property.name}
          description={property.description ?? undefined}
          error={error ?? undefined}
          size={size}
          checked={value === true}
          disabled={readOnly}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          required={property.required}
        />
      );
    case 'Radio':
      return (
        <Radio.Group
          label={property.name}
          description={property.description ?? undefined}
          withAsterisk={common.withAsterisk}
          error={error ?? undefined}
          size={size}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => {
            onChange(next);
            onBlur?.();
          }}
          readOnly={readOnly}
        >
          <Group gap="md" mt={4}>
            {optionsOf(renderOptions).map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                size={size}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'Dropdown':
      return (
        <Select
          {...common}
          data={optionsOf(renderOptions)}
          clearable={!property.required}
          searchable
          allowDeselect={!property.required}
          placeholder={readOnly ? undefined : 'Choose…'}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'User':
      return <UserField {...props} size={size} />;
    case 'File':
      return (
        <FileField
          property={property}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          readOnly={readOnly}
          newFiles={props.newFiles ?? []}
          onNewFilesChange={props.onNewFilesChange}
          fileHref={props.fileHref}
          onDownload={props.onDownload}
        />
      );
    case 'Expression':
      return (
        <TextInput
          label={property.name}
          description={property.description ?? 'Computed from other properties'}
          size={size}
          readOnly
          variant="filled"
          leftSection={<IconMath size={14} aria-hidden />}
          value={displayValue(property, value)}
        />
      );
  }
}

/** A User property: one person, or several when its options allow. */
function UserField({
  property,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
  userOptions = [],
  size,
}: PropertyFieldProps) {
  const common = {
    ...inputProps({ property, value, onChange, onBlur, error, readOnly, size }),
    searchable: !readOnly,
    nothingFoundMessage: 'Nobody with that name can see this permit',
  };
  if (property.renderOptions?.multiple === true) {
    const picked = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
    return (
      <MultiSelect
        {...common}
        data={withPicked(userOptions, picked)}
        placeholder={readOnly || picked.length > 0 ? undefined : 'Choose people…'}
        clearable={!readOnly}
        value={picked}
        onChange={(next) => onChange(next)}
      />
    );
  }
  const picked = typeof value === 'string' ? value : null;
  return (
    <Select
      {...common}
      data={withPicked(userOptions, picked ? [picked] : [])}
      placeholder={readOnly ? undefined : 'Choose a person…'}
      clearable={!property.required}
      value={picked}
      onChange={(next) => onChange(next)}
    />
  );
}
