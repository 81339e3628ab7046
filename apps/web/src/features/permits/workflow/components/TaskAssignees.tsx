import { Avatar, Group, MultiSelect, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { conflictHandler } from '../../../../components/notifications/notify-api-error';
import { setTaskAssignees } from '../api';

interface TaskAssigneesProps {
  permitId: string;
  stageKey: string;
  taskKey: string;
  taskName: string;
  assignees: ReadonlyArray<{ id: string; name: string }>;
  options: Array<{ value: string; label: string }>;
  editable: boolean;
  /** Reads the permit again; resolves once it has. */
  onChanged: () => Promise<unknown>;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** Who works a task: their initials, or a picker that saves each change at once. */
export function TaskAssignees({
  permitId,
  stageKey,
  taskKey,
  taskName,
  assignees,
  options,
  editable,
  onChanged,
}: TaskAssigneesProps) {
  const [saving, setSaving] = useState(false);
  const [shown, setShown] = useState<string[] | null>(null);
  const current = shown ?? assignees.map((person) => person.id);
  if (!editable) {
    if (assignees.length === 0) {
      return (
        <Text size="xs" c="dimmed">
          Nobody assigned
        </Text>
      );
    }
    return (
      <Group gap={4} aria-label={`Assigned to ${assignees.map((p) => p.name).join(', ')}`}>
        <Avatar.Group spacing={6}>
          {assignees.map((person) => (
            <Tooltip key={person.id} label={person.name} withArrow>
              <Avatar size={24} radius="xl" color="initials" name={person.name}>
                {initials(person.name)}
              </Avatar>
            </Tooltip>
          ))}
        </Avatar.Group>
      </Group>
    );
  }
  // People assigned already keep their names even if they are no longer offered.
  const known = new Set(options.map((option) => option.value));
  const data = [
    ...options,
    ...assignees
      .filter((person) => !known.has(person.id))
      .map((person) => ({ value: person.id, label: person.name })),
  ];
  const change = async (next: string[]) => {
    setShown(next);
    setSaving(true);
    try {
      await setTaskAssignees(
        permitId,
        stageKey,
        taskKey,
        next,
        conflictHandler(`${taskName} was not reassigned`),
      );
    } catch {
      // The handler has said why; the refresh shows who is assigned.
    } finally {
      await onChanged();
      setSaving(false);
      setShown(null);
    }
  };
  return (
    <MultiSelect
      size="xs"
      label="Assignees"
      aria-label={`Assignees of ${taskName}`}
      placeholder={current.length ? undefined : 'Assign people…'}
      data={data}
      value={current}
      onChange={(next) => void change(next)}
      searchable
      clearable
      disabled={saving}
      nothingFoundMessage="Nobody with that name can see this permit"
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
