import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useApiImage } from '../use-api-image';

/** The images the server takes for logos and avatars, and their size limit. */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

interface ImagePickerProps {
  label: string;
  /** The API address of the image stored now, if any. */
  currentUrl: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  /** Round for avatars, rounded square for logos. */
  shape?: 'round' | 'square';
  /** Initials or text shown when there is no image. */
  fallback?: string;
}

/** Choose an image, see it before saving, and take the choice back. PNG, JPEG, GIF or WebP up to 2 MB. */
export function ImagePicker({
  label,
  currentUrl,
  file,
  onFileChange,
  error,
  onError,
  shape = 'square',
  fallback,
}: ImagePickerProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const stored = useApiImage(currentUrl);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!IMAGE_TYPES.split(',').includes(chosen.type)) {
      onError('Choose a PNG, JPEG, GIF or WebP image');
      return;
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      onError('The image is larger than 2 MB');
      return;
    }
    onError(undefined);
    onFileChange(chosen);
  };

  const shown = preview ?? stored;
  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap="md" mt={4} wrap="nowrap">
        <Avatar
          src={shown}
          size={64}
          radius={shape === 'round' ? 'xl' : 'md'}
          alt={shown ? `${label} preview` : undefined}
          color="gray"
          variant="light"
          styles={{ image: { objectFit: shape === 'round' ? 'cover' : 'contain' } }}
        >
          {fallback ?? <IconPhoto size={24} stroke={1.5} />}
        </Avatar>
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={choose} accept={IMAGE_TYPES}>
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                  {shown ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {file ? (
              <Button size="xs" variant="subtle" color="gray" onClick={() => onFileChange(null)}>
                Undo
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {file ? `${file.name} will be saved with the form.` : 'PNG, JPEG, GIF or WebP, up to 2 MB.'}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
