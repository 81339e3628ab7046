import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import type { PermissionOption } from '../permission-labels';

interface PermissionChecklistProps<P extends string> {
  label: string;
  /** False when a heading nearby already names the list (it stays the group's accessible name). */
  showLabel?: boolean;
  options: readonly PermissionOption<P>[];
  value: readonly P[];
  onChange: (value: P[]) => void;
  disabled?: boolean;
  columns?: number;
}

/** A checkbox per permission, each with what it allows; the value keeps the options' order. */
export function PermissionChecklist<P extends string>({
  label,
  showLabel = true,
  options,
  value,
  onChange,
  disabled = false,
  columns = 1,
}: PermissionChecklistProps<P>) {
  return (
    <Checkbox.Group
      label={showLabel ? label : undefined}
      aria-label={showLabel ? undefined : label}
      role="group"
      value={[...value]}
      onChange={(next) => onChange(options.filter((o) => next.includes(o.value)).map((o) => o.value))}
      labelProps={{ mb: 6 }}
    >
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing={8}>
        {options.map((option) => (
          <Checkbox
            key={option.value}
            value={option.value}
            disabled={disabled}
            label={
              <Text size="sm" fw={500} component="span">
                {option.label}
              </Text>
            }
            description={option.description}
            size="sm"
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
