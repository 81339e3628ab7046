import { Button, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { GenericDialog } from './GenericDialog';

interface FormDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  /** The form element's id, which the footer's submit button points at. */
  formId: string;
  submitLabel: ReactNode;
  /** While true the submit button spins and Cancel is disabled. */
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
  /** A confirmation of an action (see `GenericDialog`). */
  confirmation?: boolean;
  /** The action cannot be undone: its button is red. */
  danger?: boolean;
}

/** A dialog holding one form, with Cancel and a submit button in its footer. */
export function FormDialog({
  opened,
  onClose,
  title,
  size,
  formId,
  submitLabel,
  busy,
  onSubmit,
  children,
  confirmation,
  danger = false,
}: FormDialogProps) {
  return (
    <GenericDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      confirmation={confirmation}
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} color={danger ? 'red' : undefined}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </GenericDialog>
  );
}
