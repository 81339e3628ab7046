import { Group, Modal, type ModalRootProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** The width of a dialog that asks to confirm an action, and the most of the window's it may take. */
export const CONFIRMATION_WIDTH = 400;
export const CONFIRMATION_MAX_WIDTH = '80vw';

interface GenericDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  size?: ModalRootProps['size'];
  /** A confirmation: 400 px wide, at most 80% of the window's width, whatever `size` says. */
  confirmation?: boolean;
}

/** A persistent modal: it closes only through its close button or the caller (never on Esc or outside click). */
export function GenericDialog({
  opened,
  onClose,
  title,
  children,
  footer,
  size = 'lg',
  confirmation = false,
}: GenericDialogProps) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={confirmation ? CONFIRMATION_WIDTH : size}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Modal.Overlay />
      <Modal.Content style={confirmation ? { maxWidth: CONFIRMATION_MAX_WIDTH } : undefined}>
        <Modal.Header>
          <Modal.Title fw={600}>{title}</Modal.Title>
          <Tooltip label="Close" withinPortal>
            <Modal.CloseButton aria-label="Close" />
          </Tooltip>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        {footer ? (
          <Group justify="flex-end" gap="xs" px="md" pb="md">
            {footer}
          </Group>
        ) : null}
      </Modal.Content>
    </Modal.Root>
  );
}
