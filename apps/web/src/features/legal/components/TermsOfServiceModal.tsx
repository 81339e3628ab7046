import type { PolicyDocument } from '@crossarm/shared';
import { formatDate } from '@crossarm/shared';
import { Box, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { type UIEvent, useState } from 'react';
import { SanitizedHtml } from '../../../components/SanitizedHtml';

interface TermsOfServiceModalProps {
  opened: boolean;
  document: PolicyDocument | undefined;
  agreeing: boolean;
  onAgree: () => void;
  onLogout: () => void;
}

function reachedBottom(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - 8;
}

/** The terms a user must accept before working; it cannot be dismissed, only accepted or left by logging out. */
export function TermsOfServiceModal({
  opened,
  document,
  agreeing,
  onAgree,
  onLogout,
}: TermsOfServiceModalProps) {
  // Tracked for the record; reading to the end is not required to agree.
  const [scrolledToBottom, setScrolledToBottom] = useState(false);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (!scrolledToBottom && reachedBottom(event.currentTarget)) setScrolledToBottom(true);
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title="Terms of Service"
      size="50%"
      centered
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      styles={{ content: { minWidth: 'min(800px, 80vw)', maxWidth: '80vw' }, title: { fontWeight: 600 } }}
    >
      <Box
        mah="60vh"
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 6,
        }}
        p="md"
        className="mantine-focus-auto"
        onScroll={onScroll}
        data-scrolled-to-bottom={scrolledToBottom}
        aria-label="Terms of Service text"
        role="document"
        tabIndex={0}
      >
        {document ? (
          <SanitizedHtml html={document.htmlContent} fz="sm" demoteHeadings />
        ) : (
          <Loader size="sm" />
        )}
      </Box>
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {document ? `Version as of ${formatDate(document.createdAt)}` : ''}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={onLogout}>
            Log out
          </Button>
          <Button onClick={onAgree} loading={agreeing} disabled={!document}>
            I Agree
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
