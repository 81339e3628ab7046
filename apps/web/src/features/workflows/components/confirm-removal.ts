import { confirm } from '../../../components/dialogs/confirm';

/** Asks before a stage or task leaves the draft; true when the user confirms. */
export function confirmRemoval(title: string, message: string): Promise<boolean> {
  return confirm({ title, message, confirmLabel: 'Remove', confirmColor: 'red' });
}
