import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { notifyUnlessFieldError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { fieldErrorsOf } from '../../../lib/forms/field-errors';
import { publishTerms, setupKeys } from '../setup-api';

const MAX_LENGTH = 200_000;

/**
 * Publishing the next version of the terms: checked, confirmed (attachers must accept again), sent. `error`
 * is the message under the text, the server's when it refuses it.
 */
export function usePublishTerms(projectId: string, nextVersion: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const publish = useMutation({
    mutationFn: (html: string) => publishTerms(projectId, html, notifyUnlessFieldError()),
    onSuccess: (state) => {
      queryClient.setQueryData(setupKeys.terms(projectId), state);
      void queryClient.invalidateQueries({ queryKey: setupKeys.check(projectId) });
      notifySuccess('Terms published', `Version ${nextVersion} is now the project's terms.`);
      onDone();
    },
    onError: (failure) => setError(fieldErrorsOf(failure).htmlContent),
  });

  const submit = async (html: string) => {
    if (!html) return setError('Required');
    if (html.length > MAX_LENGTH) return setError(`At most ${MAX_LENGTH} characters`);
    const sure = await confirm({
      title: 'Publish new terms',
      message:
        nextVersion === 1
          ? 'Publish these terms? Every attacher must accept them before it can create permits on the project.'
          : `Publish version ${nextVersion}? Every attacher must accept the new terms before it can create permits again.`,
      confirmLabel: 'Publish',
    });
    if (sure) publish.mutate(html);
  };

  return { submit, publishing: publish.isPending, error, clearError: () => setError(undefined) };
}
