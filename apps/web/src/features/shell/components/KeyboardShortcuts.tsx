import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { Fragment } from 'react';
import { IS_MAC } from '../../../lib/platform';

/** The keys that work across the app, with what each does; keys pressed together, or either key (`or`). */
const SHORTCUTS: { keys: string[]; does: string; or?: true }[] = [
  { keys: ['/'], does: 'Focus the search box of the list' },
  { keys: ['?'], does: 'Show these shortcuts' },
  {
    keys: ['↑', '↓'],
    or: true,
    does: 'Move between the rows of a table (Home, End, Page Up and Page Down too)',
  },
  { keys: ['Enter'], does: 'Open the row' },
  { keys: ['Space'], does: 'Select the row' },
  { keys: ['Shift', 'click'], does: 'On a column header: sort by it after the other sorts' },
  { keys: [IS_MAC ? '⌘' : 'Ctrl', 'Enter'], does: 'Post the comment being written' },
  { keys: ['Esc'], does: 'Close the open list, menu or dialog' },
];

/** `?` anywhere outside a text field lists the keyboard shortcuts. */
export function KeyboardShortcuts() {
  const [opened, { open, close }] = useDisclosure(false);
  useHotkeys([
    ['shift+?', open],
    ['?', open],
  ]);
  return (
    <Modal opened={opened} onClose={close} title="Keyboard shortcuts" size="md">
      <Stack gap="xs">
        {SHORTCUTS.map((shortcut) => (
          <Group key={shortcut.does} gap="md" wrap="nowrap" align="flex-start">
            <Group gap={4} w={130} wrap="nowrap" style={{ flexShrink: 0 }}>
              {shortcut.keys.map((key, index) => (
                <Fragment key={key}>
                  {index > 0 ? (
                    <Text span size="xs" c="dimmed">
                      {shortcut.or ? 'or' : '+'}
                    </Text>
                  ) : null}
                  {key === 'click' ? (
                    <Text span size="xs">
                      click
                    </Text>
                  ) : (
                    <Kbd size="xs">{key}</Kbd>
                  )}
                </Fragment>
              ))}
            </Group>
            <Text size="sm">{shortcut.does}</Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
