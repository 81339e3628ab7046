import { Button, Group, type MantineColor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogContentProps {
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  hideConfirm: boolean;
  confirmColor?: MantineColor;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The body and buttons of the confirmation dialog. */
export function ConfirmDialogContent(props: ConfirmDialogContentProps) {
  return (
    <Stack gap="lg">
      {typeof props.message === 'string' ? <Text size="sm">{props.message}</Text> : props.message}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        {props.hideConfirm ? null : (
          <Button color={props.confirmColor} onClick={props.onConfirm} data-autofocus>
            {props.confirmLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
