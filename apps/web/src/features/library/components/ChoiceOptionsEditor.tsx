import { ActionIcon, Button, Group, Input, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { type ChoiceDraft, newChoice } from '../library-form';

interface ChoiceOptionsEditorProps {
  choices: ChoiceDraft[];
  onChange: (choices: ChoiceDraft[]) => void;
  /** The message for a path under `renderOptions`, e.g. `options.0.value`. */
  errorFor: (path: string) => string | undefined;
  onBlur: (path: string) => void;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The choices of a Radio or Dropdown property: a label people see and the value stored, in order. */
export function ChoiceOptionsEditor({ choices, onChange, errorFor, onBlur }: ChoiceOptionsEditorProps) {
  const set = (index: number, patch: Partial<ChoiceDraft>) =>
    onChange(choices.map((choice, i) => (i === index ? { ...choice, ...patch } : choice)));
  const listError = errorFor('options');
  return (
    <Input.Wrapper
      label="Options"
      required
      error={listError}
      description="The value is what is stored; it follows the label until you change it."
    >
      <Stack gap={6} mt={6}>
        {choices.map((choice, index) => (
          <Group key={choice.key} gap={6} wrap="nowrap" align="flex-start">
            <Text
              size="xs"
              c="dimmed"
              w={18}
              ta="right"
              pt={8}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {index + 1}
            </Text>
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              placeholder="Label"
              aria-label={`Option ${index + 1} label`}
              value={choice.label}
              error={errorFor(`options.${index}.label`)}
              onBlur={() => onBlur(`options.${index}.label`)}
              onChange={(event) => {
                const label = event.currentTarget.value;
                set(index, choice.valueEdited ? { label } : { label, value: label.trim() });
              }}
            />
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              placeholder="Value"
              aria-label={`Option ${index + 1} value`}
              value={choice.value}
              error={errorFor(`options.${index}.value`)}
              onBlur={() => onBlur(`options.${index}.value`)}
              onChange={(event) => set(index, { value: event.currentTarget.value, valueEdited: true })}
            />
            <Group gap={0} wrap="nowrap" pt={3}>
              <Tooltip label="Move up">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Move option ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => onChange(move(choices, index, index - 1))}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move down">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Move option ${index + 1} down`}
                  disabled={index === choices.length - 1}
                  onClick={() => onChange(move(choices, index, index + 1))}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => onChange(choices.filter((_, i) => i !== index))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
        <Group pl={24}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={13} />}
            onClick={() => onChange([...choices, newChoice()])}
          >
            Add option
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
