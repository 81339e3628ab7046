import { formatDateTime, formatSize } from '@crossarm/shared';
import { Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { SanitizedHtml } from '../../../components/SanitizedHtml';
import { authorName, initialsOf } from './comment-text';
import { type CommentAttachment, downloadCommentFile, ignoreReported, type PermitComment } from './panel-api';

function AttachmentLink({ attachment }: { attachment: CommentAttachment }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    void ignoreReported(downloadCommentFile(attachment)).finally(() => setBusy(false));
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="gray"
      leftSection={<IconPaperclip size={12} />}
      loading={busy}
      onClick={download}
      aria-label={`Download ${attachment.name}`}
      maw="100%"
    >
      <Text span size="xs" truncate>
        {attachment.name}
      </Text>
      <Text span size="xs" c="dimmed" ml={6}>
        {formatSize(attachment.sizeBytes)}
      </Text>
    </Button>
  );
}

interface CommentItemProps {
  comment: PermitComment;
  /** The comment a link pointed at: drawn out until the user moves on. */
  highlighted: boolean;
}

/** One comment: who wrote it and when, its text with mentions, and its files. */
export function CommentItem({ comment, highlighted }: CommentItemProps) {
  const name = authorName(comment.author);
  return (
    <Box
      component="article"
      id={`comment-${comment.id}`}
      aria-label={`Comment by ${name}`}
      data-highlighted={highlighted || undefined}
      className="permit-comment"
      px="xs"
      py={6}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar size={26} radius="xl" color="blue" variant="light">
          {initialsOf(name)}
        </Avatar>
        <Stack gap={2} miw={0} flex={1}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {comment.author.organizationName ? (
              <Text size="xs" c="dimmed" truncate>
                {comment.author.organizationName}
              </Text>
            ) : null}
            {comment.read ? null : (
              <Box
                component="span"
                w={7}
                h={7}
                bg="blue"
                style={{ borderRadius: '50%', flex: 'none' }}
                role="img"
                aria-label="Unread"
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </Text>
          {comment.html ? <SanitizedHtml html={comment.html} fz="sm" className="permit-rich-text" /> : null}
          {comment.attachments.length > 0 ? (
            <Group gap={4} mt={2}>
              {comment.attachments.map((attachment) => (
                <AttachmentLink key={attachment.id} attachment={attachment} />
              ))}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Box>
  );
}
