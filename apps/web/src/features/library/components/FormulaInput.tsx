import { EXPRESSION_FUNCTIONS, parseExpression } from '@crossarm/shared';
import { Badge, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useRef } from 'react';

interface FormulaInputProps {
  value: string;
  onChange: (formula: string) => void;
  onBlur: () => void;
  /** A message from the form or the server (e.g. an unknown property). */
  error?: string;
  /** Names of the properties a formula may use. */
  properties: string[];
}

const functionList = [...EXPRESSION_FUNCTIONS.keys()].join(', ');

/** The formula of an Expression property, parsed as it is typed so mistakes show at once with their position. */
export function FormulaInput({ value, onChange, onBlur, error, properties }: FormulaInputProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const parsed = useMemo(() => parseExpression(value), [value]);
  const known = useMemo(() => new Set(properties.map((name) => name.toLowerCase())), [properties]);
  const liveError = value.trim() && !parsed.ok ? parsed.error.message : undefined;

  const insert = (name: string | null) => {
    if (!name) return;
    const element = textarea.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{${name}}`;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Stack gap={6}>
      <Textarea
        ref={textarea}
        label="Formula"
        required
        autosize
        minRows={2}
        maxRows={6}
        placeholder="round({Pole Count} * {Fee per Pole}, 2)"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={liveError ?? error}
        description={`Refer to properties as {Property Name}; use + - * / ( ), comparisons and ${functionList}.`}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
        data-testid="formula-input"
      />
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap={4} style={{ minHeight: 22 }}>
          {parsed.ok && parsed.references.length > 0 ? (
            <>
              <Text size="xs" c="dimmed">
                Uses
              </Text>
              {parsed.references.map((name) => {
                const missing = !known.has(name.toLowerCase());
                return (
                  <Badge
                    key={name}
                    size="sm"
                    variant="light"
                    color={missing ? 'red' : 'gray'}
                    tt="none"
                    title={missing ? 'No active property has this name' : undefined}
                  >
                    {name}
                    {missing ? ' (unknown)' : ''}
                  </Badge>
                );
              })}
            </>
          ) : null}
        </Group>
        <Select
          size="xs"
          w={200}
          placeholder="Insert a property"
          aria-label="Insert a property"
          data={properties}
          value={null}
          onChange={insert}
          searchable
          nothingFoundMessage="No such property"
        />
      </Group>
    </Stack>
  );
}
