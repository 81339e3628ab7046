import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import { BulkProgress } from './BulkProgress';
import {
  type BulkActionSpec,
  bulkActionRequest,
  confirmationText,
  consequenceText,
  countToType,
  failureText,
  progressText,
  reasonProblem,
  selectionProblem,
  typedCountProblem,
} from './bulk-actions';
import { runBulkAction } from './bulk-api';
import { selectionCount, type TrackerSelection } from './selection';

interface BulkActionDialogProps {
  spec: BulkActionSpec;
  /** The permits by id, or every permit matching the tracker's filter. */
  selection: TrackerSelection;
  onClose: () => void;
  /** The action went through on every permit; its answer. */
  onDone: (result: unknown) => void;
  /** The action failed, or its outcome is unknown: the table is read again. */
  onFailed: () => void;
}

/** Confirms a bulk action naming the count, asks for the reason where one is taken, and runs it. */
export function BulkActionDialog({ spec, selection, onClose, onDone, onFailed }: BulkActionDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [typed, setTyped] = useState('');
  // A reason or count typed and not yet sent is an unsaved change: leaving the page asks first.
  useDirtyFlag('bulk-action', reason.trim() !== '' || typed !== '');
  const count = selectionCount(selection);
  // Many permits gone for good: the count is typed first, so that a stray click deletes nothing.
  const toType = countToType(spec, count);
  const typedError = toType === null ? null : typedCountProblem(toType, typed);
  const mutation = useMutation({
    mutationFn: () => runBulkAction(bulkActionRequest(spec.kind, selection, reason)),
    onSuccess: onDone,
    onError: onFailed,
  });
  const reasonError = spec.reason === 'none' ? null : reasonProblem(spec.reason, reason);
  const tooMany = selectionProblem(spec, count);
  const failure = tooMany ?? (mutation.error ? failureText(mutation.error) : null);
  const busy = mutation.isPending;

  const submit = () => {
    setTouched(true);
    if (reasonError || typedError || tooMany || busy) return;
    mutation.mutate();
  };

  return (
    <FormDialog
      opened
      onClose={busy ? () => {} : onClose}
      title={spec.title}
      confirmation
      danger={spec.danger}
      formId={`bulk-${spec.kind}`}
      submitLabel={spec.confirmLabel}
      busy={busy}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {confirmationText(spec.kind, count)}
        </Text>
        {selection.kind === 'filter' ? (
          <Text size="sm">
            Every permit that matches the table’s filter and search, on all pages. If they no longer match
            exactly {selectionCount(selection).toLocaleString('en-US')} when you confirm, nothing is changed.
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {consequenceText(spec.kind)}
        </Text>
        {spec.reason === 'none' ? null : (
          <Textarea
            label="Reason"
            description="Kept in each permit’s activity."
            required={spec.reason === 'required'}
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
            value={reason}
            disabled={busy}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched ? reasonError : null}
          />
        )}
        {toType === null ? null : (
          <TextInput
            label={`Type ${toType} to confirm`}
            description="It cannot be undone: the number of permits confirms it."
            required
            data-autofocus
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            disabled={busy}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={touched ? typedError : null}
          />
        )}
        <BulkProgress running={busy ? progressText(spec.kind, count) : null} failure={failure} />
      </Stack>
    </FormDialog>
  );
}
