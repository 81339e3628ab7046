import { Button, Group, Paper, SimpleGrid, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { applyFormat, TERMS_FORMATS, type TermsFormat, termsHtml } from './terms-markup';
import { usePublishTerms } from './use-publish-terms';

interface TermsEditorProps {
  projectId: string;
  /** The current version's HTML, the starting point of the next; empty for the first. */
  initial: string;
  nextVersion: number;
  onDone: () => void;
}

/** Writes the next version of the terms, with a live preview; publishing asks attachers to accept again. */
export function TermsEditor({ projectId, initial, nextVersion, onDone }: TermsEditorProps) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const html = termsHtml(text);
  const dirty = text.trim() !== initial.trim();
  const { submit, publishing, error, clearError } = usePublishTerms(projectId, nextVersion, onDone);
  useDirtyFlag('project-terms', dirty);

  const cancel = async () => {
    const discard =
      !dirty ||
      (await confirm({
        title: 'Discard the new terms',
        message: 'Leave the editor? What you wrote is not published and will be lost.',
        confirmLabel: 'Discard',
        confirmColor: 'red',
      }));
    if (discard) onDone();
  };

  const format = (kind: TermsFormat) => {
    const input = area.current;
    const edit = applyFormat(
      text,
      input?.selectionStart ?? text.length,
      input?.selectionEnd ?? text.length,
      kind,
    );
    setText(edit.text);
    // Select the text inside the new markup once React has put the new value in the box.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="terms-editor-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={2} fz="sm" fw={600} id="terms-editor-title">
            {nextVersion === 1 ? 'Write the terms' : `New terms, version ${nextVersion}`}
          </Title>
          <Text size="xs" c="dimmed">
            Plain text becomes paragraphs; the buttons add formatting. Scripts, images and styles are removed.
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => void cancel()} disabled={publishing}>
            Cancel
          </Button>
          <Button size="xs" loading={publishing} disabled={!dirty} onClick={() => void submit(html)}>
            Publish
          </Button>
        </Group>
      </Group>
      <Group gap={4} mb="xs" role="toolbar" aria-label="Formatting">
        {TERMS_FORMATS.map((kind) => (
          <Button key={kind.label} size="compact-xs" variant="default" onClick={() => format(kind)}>
            {kind.label}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Textarea
          ref={area}
          label="Terms text"
          autosize
          minRows={14}
          maxRows={30}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            clearError();
          }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Preview
          </Text>
          <Paper withBorder radius="sm" p="sm" mih={200} aria-label="Preview" role="region">
            {html ? (
              <SanitizedHtml html={html} demoteHeadings />
            ) : (
              <Text size="sm" c="dimmed">
                The terms appear here as attachers will read them.
              </Text>
            )}
          </Paper>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
