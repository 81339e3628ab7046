import { Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { BulkProgress } from './BulkProgress';
import {
  type BulkActionSpec,
  bulkActionRequest,
  confirmationText,
  consequenceText,
  failureText,
  progressText,
  reasonProblem,
  selectionProblem,
} from './bulk-actions';
import { runBulkAction } from './bulk-api';

interface BulkActionDialogProps {
  spec: BulkActionSpec;
  permitIds: string[];
  onClose: () => void;
  /** The action went through on every permit. */
  onDone: () => void;
}

/** Confirms a bulk action naming the count, asks for the reason where one is taken, and runs it. */
export function BulkActionDialog({ spec, permitIds, onClose, onDone }: BulkActionDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const count = permitIds.length;
  const mutation = useMutation({
    mutationFn: () => runBulkAction(bulkActionRequest(spec.kind, permitIds, reason)),
    onSuccess: onDone,
  });
  const reasonError = spec.reason === 'none' ? null : reasonProblem(spec.reason, reason);
  const tooMany = selectionProblem(spec, count);
  const failure = tooMany ?? (mutation.error ? failureText(mutation.error) : null);
  const busy = mutation.isPending;

  const submit = () => {
    setTouched(true);
    if (reasonError || tooMany || busy) return;
    mutation.mutate();
  };

  return (
    <FormDialog
      opened
      onClose={busy ? () => {} : onClose}
      title={spec.title}
      size="md"
      formId={`bulk-${spec.kind}`}
      submitLabel={spec.confirmLabel}
      busy={busy}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {confirmationText(spec.kind, count)}
        </Text>
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
        <BulkProgress running={busy ? progressText(spec.kind, count) : null} failure={failure} />
      </Stack>
    </FormDialog>
  );
}
