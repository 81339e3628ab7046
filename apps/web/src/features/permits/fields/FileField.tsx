import { formatSize } from '@crossarm/shared';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { type FieldProperty, type StoredFileRef, storedFilesOf } from './field-values';

interface FileFieldProps {
  property: FieldProperty;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string | null;
  readOnly: boolean;
  newFiles: File[];
  onNewFilesChange?: (files: File[]) => void;
  fileHref?: (fileId: string) => string;
  /** Downloads a stored file (used instead of a plain link when the download needs the session). */
  onDownload?: (file: StoredFileRef) => void;
}

function acceptOf(property: FieldProperty): string | undefined {
  const types = property.renderOptions?.acceptedTypes;
  return Array.isArray(types) && types.length > 0 ? types.join(',') : undefined;
}

/** A row of the file list: its name (a download where possible), size and a remove button. */
function FileRow({
  name,
  size,
  href,
  onDownload,
  onRemove,
  pending,
}: {
  name: string;
  size: number;
  href?: string;
  onDownload?: () => void;
  onRemove?: () => void;
  pending?: boolean;
}) {
  const label = href ? (
    <Anchor href={href} size="sm" truncate="end" target="_blank" rel="noopener">
      {name}
    </Anchor>
  ) : onDownload ? (
    <Anchor component="button" type="button" size="sm" truncate="end" onClick={onDownload}>
      {name}
    </Anchor>
  ) : (
    <Text size="sm" truncate="end">
      {name}
    </Text>
  );
  return (
    <Group gap={6} wrap="nowrap" h={28}>
      <IconFile size={14} stroke={1.5} aria-hidden />
      <div style={{ minWidth: 0, flex: 1 }}>{label}</div>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {pending ? `${formatSize(size)} · to upload` : formatSize(size)}
      </Text>
      {onRemove ? (
        <Tooltip label="Remove">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <IconX size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * A File property: the stored files (download, remove) and files chosen to upload with the next save.
 * Removing a stored file drops it from the value; the save sends the ids of the files to keep.
 */
export function FileField({
  property,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
  newFiles,
  onNewFilesChange,
  fileHref,
  onDownload,
}: FileFieldProps) {
  const stored = storedFilesOf(value);
  const editable = !readOnly && onNewFilesChange !== undefined;
  const removeStored = (fileId: string) => {
    onChange(stored.filter((file) => file.fileId !== fileId));
    onBlur?.();
  };
  const addFiles = (files: File[]) => {
    if (files.length === 0 || !onNewFilesChange) return;
    onNewFilesChange([...newFiles, ...files]);
    onBlur?.();
  };
  const empty = stored.length === 0 && newFiles.length === 0;
  return (
    <Input.Wrapper
      label={property.name}
      description={property.description ?? undefined}
      withAsterisk={property.required && !readOnly}
      error={error ?? undefined}
    >
      <Stack gap={2} mt={4}>
        {stored.map((file) => (
          <FileRow
            key={file.fileId}
            name={file.fileName}
            size={file.size}
            href={fileHref?.(file.fileId)}
            onDownload={onDownload ? () => onDownload(file) : undefined}
            onRemove={readOnly ? undefined : () => removeStored(file.fileId)}
          />
        ))}
        {newFiles.map((file, index) => (
          <FileRow
            key={`${file.name}-${file.size}-${file.lastModified}`}
            name={file.name}
            size={file.size}
            pending
            onRemove={
              editable ? () => onNewFilesChange?.(newFiles.filter((_, other) => other !== index)) : undefined
            }
          />
        ))}
        {empty && readOnly ? (
          <Text size="sm" c="dimmed">
            No files
          </Text>
        ) : null}
        {editable ? (
          <FileButton multiple accept={acceptOf(property)} onChange={addFiles}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                variant="default"
                size="xs"
                leftSection={<IconPaperclip size={14} />}
                w="fit-content"
                aria-label={`Add files to ${property.name}`}
              >
                Add files
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
