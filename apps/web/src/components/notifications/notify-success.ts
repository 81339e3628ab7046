import { notify } from './notify';

/** A short success toast (it goes after 5 seconds). */
export function notifySuccess(title: string, message?: string): void {
  notify({ type: 'success', title, message });
}
