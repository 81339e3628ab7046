import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { permitKeys } from '../permit-keys';
import { lifecycleCalls, type PermitHeaderView } from './api';
import {
  ACTION_LABELS,
  actionConsequence,
  actionDone,
  isDestructive,
  type PermitAction,
  reasonOf,
} from './permit-actions';

type Handler = ReturnType<typeof conflictHandler>;
type Call = (header: PermitHeaderView, reason: string, onError: Handler) => Promise<unknown>;

/** The cancel request an action decides on (the one the header names). */
const cancelIdOf = (header: PermitHeaderView) => header.cancelRequest?.id ?? '';

/** How each lifecycle action is sent to the API. */
const CALLS: Record<PermitAction, Call> = {
  complete: ({ id }, _, onError) => lifecycleCalls.complete(id, onError),
  uncomplete: ({ id }, _, onError) => lifecycleCalls.uncomplete(id, onError),
  requestCancel: ({ id }, reason, onError) => lifecycleCalls.requestCancel(id, reason, onError),
  directCancel: ({ id }, reason, onError) => lifecycleCalls.directCancel(id, reason, onError),
  approveCancel: (header, _, onError) => lifecycleCalls.approveCancel(header.id, cancelIdOf(header), onError),
  rejectCancel: (header, reason, onError) =>
    lifecycleCalls.rejectCancel(header.id, cancelIdOf(header), reason, onError),
  withdrawCancel: (header, _, onError) => lifecycleCalls.undoCancel(header.id, cancelIdOf(header), onError),
  undoCancel: (header, _, onError) => lifecycleCalls.undoCancel(header.id, cancelIdOf(header), onError),
  hold: ({ id }, reason, onError) => lifecycleCalls.hold(id, reason, onError),
  release: ({ id }, reason, onError) => lifecycleCalls.release(id, reason, onError),
  restrict: ({ id }, reason, onError) => lifecycleCalls.restrict(id, reason, onError),
  removeRestriction: ({ id }, _, onError) => lifecycleCalls.removeRestriction(id, onError),
  delete: ({ id }, _, onError) => lifecycleCalls.remove(id, onError),
};

/**
 * The permit's lifecycle actions: each is confirmed first (with a reason where it takes one), then run; the
 * permit is read again after, and a deleted permit sends the user to the list of permits.
 */
export function usePermitActions(header: PermitHeaderView | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<PermitAction | null>(null);
  const [running, setRunning] = useState<PermitAction | null>(null);

  const run = useCallback(
    async (action: PermitAction, reason: string) => {
      if (!header) return;
      setRunning(action);
      try {
        await CALLS[action](header, reason, conflictHandler(`${ACTION_LABELS[action]} failed`));
        notifySuccess(ACTION_LABELS[action], actionDone(action, header.permitNumber));
        setAsking(null);
        if (action === 'delete') {
          queryClient.removeQueries({ queryKey: permitKeys.detail(header.id) });
          void queryClient.invalidateQueries({ queryKey: permitKeys.all });
          navigate('/permitting/all', { replace: true });
          return;
        }
      } catch {
        // The handler has shown what the server said.
      } finally {
        setRunning(null);
        if (action !== 'delete')
          void queryClient.invalidateQueries({ queryKey: permitKeys.detail(header.id) });
      }
    },
    [header, navigate, queryClient],
  );

  /** Starts an action: a reason dialog for those that ask why, a confirmation for the others. */
  const start = useCallback(
    async (action: PermitAction) => {
      if (!header) return;
      if (reasonOf(action)) {
        setAsking(action);
        return;
      }
      const sure = await confirm({
        title: ACTION_LABELS[action],
        message: actionConsequence(action, header.permitNumber),
        confirmLabel: ACTION_LABELS[action],
        confirmColor: isDestructive(action) ? 'red' : undefined,
      });
      if (sure) await run(action, '');
    },
    [header, run],
  );

  return { start, run, asking, closeAsking: () => setAsking(null), running };
}
