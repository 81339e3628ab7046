import { formatSize } from '@crossarm/shared';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Kbd,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Extension } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { IS_MAC } from '../../../lib/platform';
import { permitKeys } from '../permit-keys';
import { addAttachments, commentForm, commentProblem, MAX_COMMENT_FILES, mentionSpec } from './comment-text';
import { EditorToolbar } from './EditorToolbar';
import { PERMIT_FILE_ACCEPT, uploadFailureText } from './file-rules';
import { MentionMenu, type MentionMenuState } from './MentionMenu';
import { fetchMentionable, type MentionableUser, postComment } from './panel-api';

const MENTION_LIMIT = 8;

interface CommentComposerProps {
  permitId: string;
  /** Set to a function that puts the caret in the editor. */
  focusRef: RefObject<(() => void) | null>;
  onPosted: () => void;
}

type MentionProps = SuggestionProps<MentionableUser, { id: string; label: string }>;

/** Writes a comment: rich text, @mentions of people who see the permit, and up to five files. */
export function CommentComposer({ permitId, focusRef, onPosted }: CommentComposerProps) {
  const queryClient = useQueryClient();
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [menu, setMenu] = useState<MentionMenuState | null>(null);
  const [active, setActive] = useState(0);
  const menuRef = useRef<MentionMenuState | null>(null);
  const activeRef = useRef(0);
  const submitRef = useRef<() => void>(() => {});
  menuRef.current = menu;
  activeRef.current = active;

  const showMenu = (props: MentionProps) => {
    setActive(0);
    setMenu({
      items: props.items,
      query: props.query,
      rect: props.clientRect?.() ?? null,
      select: (user) => props.command({ id: user.id, label: user.name }),
    });
  };

  const keyDown = ({ event }: SuggestionKeyDownProps): boolean => {
    const current = menuRef.current;
    if (!current) return false;
    if (event.key === 'Escape') {
      setMenu(null);
      return true;
    }
    if (current.items.length === 0) return false;
    const count = current.items.length;
    if (event.key === 'ArrowDown') setActive((activeRef.current + 1) % count);
    else if (event.key === 'ArrowUp') setActive((activeRef.current - 1 + count) % count);
    else if (event.key === 'Enter' || event.key === 'Tab') {
      const user = current.items[activeRef.current];
      if (user) current.select(user);
    } else return false;
    return true;
  };

  const editor = useEditor(
    {
      extensions: [
        StarterKit.configure({
          heading: false,
          horizontalRule: false,
          link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
        }),
        Placeholder.configure({ placeholder: 'Write a comment… type @ to mention someone' }),
        Mention.configure({
          renderHTML: ({ node }) =>
            mentionSpec(String(node.attrs.id), String(node.attrs.label ?? node.attrs.id)),
          renderText: ({ node }) => `@${node.attrs.label ?? node.attrs.id}`,
          suggestion: {
            char: '@',
            items: async ({ query }) => {
              try {
                const people = await queryClient.fetchQuery({
                  queryKey: permitKeys.mentionable(permitId, query.trim().toLowerCase()),
                  queryFn: ({ signal }) => fetchMentionable(permitId, query, signal),
                  staleTime: 60_000,
                });
                return people.slice(0, MENTION_LIMIT);
              } catch {
                return [];
              }
            },
            render: () => ({
              onStart: showMenu,
              onUpdate: showMenu,
              onKeyDown: keyDown,
              onExit: () => setMenu(null),
            }),
          },
        }),
        Extension.create({
          name: 'postOnModEnter',
          addKeyboardShortcuts: () => ({
            'Mod-Enter': () => {
              submitRef.current();
              return true;
            },
          }),
        }),
      ],
      editorProps: {
        attributes: {
          'aria-label': 'Comment',
          role: 'textbox',
          'aria-multiline': 'true',
          class: 'permit-rich-text',
        },
      },
      onUpdate: ({ editor: current }) => {
        setHtml(current.getHTML());
        setProblem(null);
      },
    },
    [permitId],
  );

  useEffect(() => {
    focusRef.current = () => editor?.commands.focus('end');
    return () => {
      focusRef.current = null;
    };
  }, [editor, focusRef]);

  const post = useMutation({
    mutationFn: () => {
      setProgress(0);
      return postComment(permitId, commentForm(html, files), setProgress, 'silent');
    },
    onSuccess: async () => {
      editor?.commands.clearContent(true);
      setHtml('');
      setFiles([]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: permitKeys.comments(permitId) }),
        queryClient.invalidateQueries({ queryKey: permitKeys.activity(permitId) }),
      ]);
      onPosted();
    },
    onError: (error) => setProblem(uploadFailureText(error)),
  });

  submitRef.current = () => {
    if (post.isPending) return;
    const found = commentProblem(html, files);
    if (found) setProblem(found);
    else post.mutate();
  };

  const full = files.length >= MAX_COMMENT_FILES;
  return (
    <Stack gap={6}>
      <Paper withBorder radius="sm" className="permit-comment-editor" aria-busy={post.isPending}>
        <EditorToolbar editor={editor} disabled={post.isPending} />
        <EditorContent editor={editor} />
      </Paper>
      {menu ? <MentionMenu state={menu} active={active} /> : null}
      {files.length > 0 ? (
        <Group gap={4} aria-label="Files to attach">
          {files.map((file) => (
            <Paper key={`${file.name}-${file.size}`} withBorder radius="sm" px={6} py={2} maw="100%">
              <Group gap={4} wrap="nowrap">
                <IconPaperclip size={12} />
                <Text size="xs" truncate maw={180}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatSize(file.size)}
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${file.name}`}
                  disabled={post.isPending}
                  onClick={() => setFiles((current) => current.filter((kept) => kept !== file))}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      ) : null}
      {post.isPending && files.length > 0 ? (
        <Progress size="sm" value={Math.round(progress * 100)} aria-label="Comment upload progress" />
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={16} />} role="alert">
          <Text size="xs">{problem}</Text>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs">
        <FileButton
          multiple
          accept={PERMIT_FILE_ACCEPT}
          onChange={(chosen) => {
            setFiles((current) => addAttachments(current, chosen));
            setProblem(null);
          }}
          disabled={full || post.isPending}
        >
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="subtle"
              color="gray"
              leftSection={<IconPaperclip size={14} />}
              title={full ? `At most ${MAX_COMMENT_FILES} files per comment` : undefined}
            >
              Attach files
            </Button>
          )}
        </FileButton>
        <Group gap={6}>
          <Text size="xs" c="dimmed" visibleFrom="xs">
            <Kbd size="xs">{IS_MAC ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd>
          </Text>
          <Button size="xs" loading={post.isPending} onClick={() => submitRef.current()}>
            Post comment
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
