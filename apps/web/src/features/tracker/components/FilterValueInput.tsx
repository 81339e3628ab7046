import type { FilterOperator, OverviewColumn } from '@crossarm/shared';
import { type ComboboxProps, NumberInput, Select, TextInput } from '@mantine/core';
import type { PeopleChoice } from '../people';
import { namePickerOf } from '../tracker-filter';
import { NameFilterInput } from './NameFilterInput';
import { PersonFilterInput } from './PersonFilterInput';

interface FilterValueInputProps {
  column: OverviewColumn | undefined;
  /** The row's operator: 'is' on a project or an applicant picks a name, 'contains' takes free text. */
  operator: FilterOperator | null;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The people who can be picked for a Users column (the signed-in user, those of the rows, anyone found by a search). */
  people: PeopleChoice;
  error?: string | null;
  label: string;
  /** Where an option list opens. */
  listProps: ComboboxProps;
}

/** The value of a filter row, in the input that fits its column's type. */
export function FilterValueInput({
  column,
  operator,
  value,
  onChange,
  people,
  error,
  label,
  listProps,
}: FilterValueInputProps) {
  const common = { size: 'xs' as const, 'aria-label': label, error: error ?? undefined, style: { flex: 1 } };
  switch (column?.type) {
    case 'Number':
    case 'Duration':
      return (
        <NumberInput
          {...common}
          placeholder={column.type === 'Duration' ? 'Days' : 'Number'}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : null)}
          hideControls
        />
      );
    case 'Date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value || null)}
        />
      );
    case 'Enum':
      return (
        <Select
          {...common}
          placeholder="Choose a value"
          data={column.options ?? []}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          searchable
          comboboxProps={listProps}
        />
      );
    case 'Boolean':
      return (
        <Select
          {...common}
          placeholder="Yes or no"
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : null}
          onChange={(next) => onChange(next === null ? null : next === 'true')}
          comboboxProps={listProps}
        />
      );
    case 'Users':
      return (
        <PersonFilterInput
          label={label}
          error={common.error}
          style={common.style}
          people={people}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          listProps={listProps}
        />
      );
    default: {
      const picker = column ? namePickerOf(column.dataId, operator) : null;
      if (picker)
        return (
          <NameFilterInput
            kind={picker}
            inputProps={common}
            value={typeof value === 'string' && value !== '' ? value : null}
            onChange={(next) => onChange(next)}
            listProps={listProps}
          />
        );
      return (
        <TextInput
          {...common}
          placeholder={column ? 'Value' : 'Choose a column first'}
          disabled={!column}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    }
  }
}
