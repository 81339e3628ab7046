import { formatSize } from '@crossarm/shared';
import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { FileUpload } from './use-file-uploads';

interface UploadListProps {
  uploads: FileUpload[];
  onDismiss: (key: string) => void;
}

/** Files being uploaded with their progress, and those refused with the reason. */
export function UploadList({ uploads, onDismiss }: UploadListProps) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Uploads">
      {uploads.map((upload) => (
        <Paper
          key={upload.key}
          withBorder
          radius="sm"
          px="xs"
          py={4}
          bg={upload.error ? 'var(--mantine-color-red-light)' : undefined}
        >
          <Group gap="xs" wrap="nowrap">
            <Stack gap={2} flex={1} miw={0}>
              <Group gap={6} wrap="nowrap">
                <Text size="xs" fw={500} truncate>
                  {upload.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatSize(upload.size)}
                </Text>
              </Group>
              {upload.error ? (
                <Text size="xs" c="red" role="alert">
                  Not uploaded: {upload.error}
                </Text>
              ) : (
                <Progress
                  size="sm"
                  value={Math.round(upload.progress * 100)}
                  animated={upload.progress >= 1}
                  aria-label={`Uploading ${upload.name}`}
                />
              )}
            </Stack>
            <CloseButton
              size="sm"
              aria-label={upload.error ? `Dismiss ${upload.name}` : `Cancel the upload of ${upload.name}`}
              onClick={() => onDismiss(upload.key)}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
