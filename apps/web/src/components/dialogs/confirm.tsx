import type { MantineColor } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { ConfirmDialogContent } from './ConfirmDialogContent';
import { CONFIRMATION_MAX_WIDTH, CONFIRMATION_WIDTH } from './GenericDialog';

export interface ConfirmOptions {
  message: ReactNode;
  /** Default 'Confirm'. */
  title?: string;
  /** Default 'Confirm'. */
  confirmLabel?: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** Leaves only the cancel button (for notices that need no decision). */
  hideConfirm?: boolean;
  confirmColor?: MantineColor;
}

/**
 * Asks the user to confirm; resolves true on confirm and false on cancel, Esc or close.
 * Usable anywhere in the app (no hook needed).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const modalId = modals.open({
      title: options.title ?? 'Confirm',
      size: CONFIRMATION_WIDTH,
      centered: true,
      styles: { content: { maxWidth: CONFIRMATION_MAX_WIDTH }, title: { fontWeight: 600 } },
      onClose: () => settle(false),
      children: (
        <ConfirmDialogContent
          message={options.message}
          confirmLabel={options.confirmLabel ?? 'Confirm'}
          cancelLabel={options.cancelLabel ?? 'Cancel'}
          hideConfirm={options.hideConfirm ?? false}
          confirmColor={options.confirmColor}
          onConfirm={() => {
            settle(true);
            modals.close(modalId);
          }}
          onCancel={() => modals.close(modalId)}
        />
      ),
    });
  });
}
