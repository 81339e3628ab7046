import type { TemplateProperty } from '@crossarm/shared';
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { PropertyListRef } from '../definition-reducer';
import { useDesigner } from '../designer-context';
import type { LocatedIssue } from '../template-issues';
import { IssueMessages } from './IssueMessages';
import { LibraryPicker } from './LibraryPicker';
import { RequiredCheckbox } from './RequiredCheckbox';

interface PropertyListEditorProps {
  list: PropertyListRef;
  properties: TemplateProperty[];
  /** The problems of each row, by index. */
  rowIssues: (index: number) => LocatedIssue[];
  /** What the list is, for the picker and the empty text: 'this task'. */
  owner: string;
}

/** Properties from the library placed on a task or on the application form, each optionally required. */
export function PropertyListEditor({ list, properties, rowIssues, owner }: PropertyListEditorProps) {
  const { edit, readOnly, entries, library } = useDesigner();
  const placed = new Set(properties.map((property) => property.libraryEntryId));
  return (
    <Stack gap={6}>
      {properties.length === 0 ? (
        <Text size="xs" c="dimmed">
          No properties on {owner}.
        </Text>
      ) : (
        properties.map((property, index) => {
          const entry = entries.get(property.libraryEntryId);
          const name = entry?.name ?? 'A deleted property';
          // A property sits once per list; a repeat (refused when publishing) still needs its own key.
          const repeat = properties
            .slice(0, index)
            .filter((p) => p.libraryEntryId === property.libraryEntryId);
          return (
            <Stack key={`${property.libraryEntryId}:${repeat.length}`} gap={2}>
              <Group gap="xs" wrap="nowrap" aria-label={`Property ${name}`} role="group">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
                  {name}
                </Text>
                {entry?.fieldType ? (
                  <Badge size="xs" variant="outline" color="gray" radius="sm" tt="none">
                    {entry.fieldType}
                  </Badge>
                ) : null}
                {entry?.status === 'Archived' ? (
                  <Badge size="xs" variant="light" color="yellow" radius="sm" tt="none">
                    Archived
                  </Badge>
                ) : null}
                <RequiredCheckbox
                  checked={property.required}
                  disabled={readOnly}
                  onChange={(required) => edit({ type: 'setPropertyRequired', list, index, required })}
                />
                {readOnly ? null : (
                  <Tooltip label="Remove" withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      onClick={() => edit({ type: 'removeProperty', list, index })}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              <IssueMessages issues={rowIssues(index)} />
            </Stack>
          );
        })
      )}
      {readOnly ? null : (
        <LibraryPicker
          label="Add a property"
          entries={library.property}
          exclude={placed}
          onPick={(entry) => edit({ type: 'addProperty', list, libraryEntryId: entry.id })}
        />
      )}
    </Stack>
  );
}
