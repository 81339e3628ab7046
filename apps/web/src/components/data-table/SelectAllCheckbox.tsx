import { Checkbox } from '@mantine/core';

interface SelectAllCheckboxProps {
  /** The ids of the rows on this page. */
  ids: string[];
  /** Every selected id, on this page or others. */
  selected: ReadonlySet<string>;
  onChange: (selected: string[]) => void;
  label: string;
}

/** The header checkbox of a selectable table: selects this page's rows, or clears them when all are. */
export function SelectAllCheckbox({ ids, selected, onChange, label }: SelectAllCheckboxProps) {
  const selectedHere = ids.filter((id) => selected.has(id)).length;
  const toggleAll = () => {
    const next = new Set(selected);
    if (selectedHere === ids.length) for (const id of ids) next.delete(id);
    else for (const id of ids) next.add(id);
    onChange([...next]);
  };
  return (
    <Checkbox
      size="xs"
      checked={ids.length > 0 && selectedHere === ids.length}
      indeterminate={selectedHere > 0 && selectedHere < ids.length}
      onChange={toggleAll}
      disabled={ids.length === 0}
      aria-label={label}
    />
  );
}
