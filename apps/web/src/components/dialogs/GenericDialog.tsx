import { Group, Modal, type ModalRootProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

interface GenericDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom right. */
  footer?: ReactNode;
  size?: ModalRootProps['size'];
}

/** A persistent modal: it closes only through its close button or the caller (never on Esc or outside click). */
export function GenericDialog({ opened, onClose, title, children, footer, size = 'lg' }: GenericDialogProps) {
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Modal.Overlay />
      <Modal.Content>
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
