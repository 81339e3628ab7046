import type { UserDetail } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { organizationKeys } from '../organizations/api';
import { deleteUser, runUserAction, type UserAction, userKeys } from './api';
import { fullName } from './user-names';

export type UserCommand = UserAction | 'delete';

interface CommandText {
  title: string;
  question: (name: string) => string;
  confirmLabel: string;
  danger: boolean;
  doneTitle: string;
  done: (name: string, email: string) => string;
  failed: (name: string) => string;
}

const TEXT: Record<UserCommand, CommandText> = {
  activate: {
    title: 'Activate user',
    question: (name) => `Activate ${name}? They can sign in again.`,
    confirmLabel: 'Activate',
    danger: false,
    doneTitle: 'User activated',
    done: (name) => `${name} is active again.`,
    failed: (name) => `${name} was not activated`,
  },
  deactivate: {
    title: 'Deactivate user',
    question: (name) => `Deactivate ${name}? They can no longer sign in, and their open sessions end.`,
    confirmLabel: 'Deactivate',
    danger: true,
    doneTitle: 'User deactivated',
    done: (name) => `${name} was deactivated.`,
    failed: (name) => `${name} was not deactivated`,
  },
  'reset-password': {
    title: 'Reset password',
    question: (name) =>
      `Send ${name} an e-mail with a link to choose a new password? Their current password keeps working until they use it.`,
    confirmLabel: 'Send link',
    danger: false,
    doneTitle: 'Password link sent',
    done: (_name, email) => `A password link was sent to ${email}.`,
    failed: (name) => `No password link was sent to ${name}`,
  },
  'reset-mfa': {
    title: 'Reset second factor',
    question: (name) => `Clear ${name}'s second factor? They set up a new one at their next sign-in.`,
    confirmLabel: 'Reset',
    danger: true,
    doneTitle: 'Second factor reset',
    done: (name) => `${name}'s second factor was cleared.`,
    failed: (name) => `${name}'s second factor was not reset`,
  },
  delete: {
    title: 'Delete user',
    question: (name) =>
      `Delete ${name}? They can no longer sign in and their pending links stop working. Their history is kept.`,
    confirmLabel: 'Delete',
    danger: true,
    doneTitle: 'User deleted',
    done: (name) => `${name} was deleted.`,
    failed: (name) => `${name} was not deleted`,
  },
};

/**
 * The status and reset actions of a user's page: each asks first, then runs; a refusal the server explains
 * (409, e.g. the last administrator) is shown as its message.
 */
export function useUserActions(scope: 'system' | 'own', user: UserDetail | undefined) {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<UserCommand | null>(null);

  const run = async (command: UserCommand): Promise<boolean> => {
    if (!user) return false;
    const text = TEXT[command];
    const name = fullName(user);
    const sure = await confirm({
      title: text.title,
      message: text.question(name),
      confirmLabel: text.confirmLabel,
      confirmColor: text.danger ? 'red' : undefined,
    });
    if (!sure) return false;
    setRunning(command);
    try {
      const onError = conflictHandler(text.failed(name));
      if (command === 'delete') await deleteUser(scope, user.id, onError);
      else {
        const updated = await runUserAction(scope, user.id, command, onError);
        queryClient.setQueryData(userKeys.detail(scope, user.id), updated);
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      notifySuccess(text.doneTitle, text.done(name, user.email));
      return true;
    } catch {
      return false;
    } finally {
      setRunning(null);
    }
  };
  return { run, running };
}
