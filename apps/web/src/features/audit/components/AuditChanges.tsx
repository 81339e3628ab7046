import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { FieldChange } from '../audit-diff';

interface AuditChangesProps {
  changes: FieldChange[];
}

const SHOWN = 3;

/** The changed fields of one audit record as 'field: before → after' lines; long lists fold. */
export function AuditChanges({ changes }: AuditChangesProps) {
  const [open, setOpen] = useState(false);
  if (changes.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No field changes
      </Text>
    );
  }
  const shown = open ? changes : changes.slice(0, SHOWN);
  return (
    <Stack gap={2}>
      {shown.map((change) => (
        <Group key={change.field} gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {change.field}
          </Text>
          {change.before === null ? null : (
            <>
              <Text size="xs" td="line-through" c="dimmed" truncate="end" title={change.before} maw="35%">
                {change.before}
              </Text>
              <IconArrowRight size={11} style={{ flexShrink: 0 }} aria-label="changed to" />
            </>
          )}
          <Text size="xs" fw={500} truncate="end" title={change.after}>
            {change.after}
          </Text>
        </Group>
      ))}
      {changes.length > SHOWN ? (
        <Anchor
          component="button"
          type="button"
          size="xs"
          ta="left"
          onClick={(event) => {
            event.stopPropagation();
            setOpen((o) => !o);
          }}
        >
          {open ? 'Show fewer' : `Show ${changes.length - SHOWN} more`}
        </Anchor>
      ) : null}
    </Stack>
  );
}
