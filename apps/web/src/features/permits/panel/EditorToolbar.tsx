import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconCode,
  IconItalic,
  IconList,
  IconListNumbers,
  IconStrikethrough,
  IconUnderline,
} from '@tabler/icons-react';
import { type Editor, useEditorState } from '@tiptap/react';
import type { ComponentType } from 'react';

interface Control {
  name: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  run: (editor: Editor) => void;
}

const CONTROLS: Control[][] = [
  [
    { name: 'bold', label: 'Bold', icon: IconBold, run: (e) => e.chain().focus().toggleBold().run() },
    { name: 'italic', label: 'Italic', icon: IconItalic, run: (e) => e.chain().focus().toggleItalic().run() },
    {
      name: 'underline',
      label: 'Underline',
      icon: IconUnderline,
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
    {
      name: 'strike',
      label: 'Strikethrough',
      icon: IconStrikethrough,
      run: (e) => e.chain().focus().toggleStrike().run(),
    },
    { name: 'code', label: 'Code', icon: IconCode, run: (e) => e.chain().focus().toggleCode().run() },
  ],
  [
    {
      name: 'bulletList',
      label: 'Bulleted list',
      icon: IconList,
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      name: 'orderedList',
      label: 'Numbered list',
      icon: IconListNumbers,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      name: 'blockquote',
      label: 'Quote',
      icon: IconBlockquote,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
  ],
];

const NAMES = CONTROLS.flat().map((control) => control.name);

/** The formatting buttons of the comment editor, each pressed while its format applies at the caret. */
export function EditorToolbar({ editor, disabled }: { editor: Editor | null; disabled: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(NAMES.map((name) => [name, current?.isActive(name) ?? false])) as Record<
        string,
        boolean
      >,
  });
  return (
    <Group gap={8} role="toolbar" aria-label="Formatting" px={4} py={4}>
      {CONTROLS.map((group) => (
        <Group key={group[0]?.name} gap={0}>
          {group.map((control) => {
            const Icon = control.icon;
            const pressed = active?.[control.name] ?? false;
            return (
              <Tooltip key={control.name} label={control.label} openDelay={400}>
                <ActionIcon
                  size="sm"
                  variant={pressed ? 'light' : 'subtle'}
                  color={pressed ? undefined : 'gray'}
                  aria-label={control.label}
                  aria-pressed={pressed}
                  disabled={disabled || !editor}
                  // Keep the selection in the editor while the button is pressed.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => editor && control.run(editor)}
                >
                  <Icon size={15} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            );
          })}
        </Group>
      ))}
    </Group>
  );
}
