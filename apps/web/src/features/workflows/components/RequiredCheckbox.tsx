import { Checkbox } from '@mantine/core';

interface RequiredCheckboxProps {
  checked: boolean;
  disabled: boolean;
  onChange: (required: boolean) => void;
}

/** Whether a task or property must be done or filled; labelled 'Required' beside the item. */
export function RequiredCheckbox({ checked, disabled, onChange }: RequiredCheckboxProps) {
  return (
    <Checkbox
      size="xs"
      label="Required"
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
