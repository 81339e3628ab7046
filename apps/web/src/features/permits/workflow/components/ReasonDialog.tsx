import { LIFECYCLE_REASON_MAX } from '@crossarm/shared';
import { Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../../components/dialogs/FormDialog';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What happens, in a sentence. */
  consequence: string;
  submitLabel: string;
  /** Whether the reason must be given. */
  required: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}

/** The confirmation of a lifecycle action that asks why: what happens, and a reason (required or not). */
export function ReasonDialog({
  opened,
  title,
  consequence,
  submitLabel,
  required,
  busy,
  onClose,
  onSubmit,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);
  const check = (text: string) => {
    if (required && text.trim() === '') return 'Required';
    if (text.trim().length > LIFECYCLE_REASON_MAX) return `At most ${LIFECYCLE_REASON_MAX} characters`;
    return null;
  };
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size="md"
      formId="permit-action-reason"
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={() => {
        const found = check(reason);
        setError(found);
        if (!found) onSubmit(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{consequence}</Text>
        <Textarea
          label="Reason"
          description={required ? undefined : 'Optional'}
          withAsterisk={required}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
          onBlur={() => setError(check(reason))}
        />
      </Stack>
    </FormDialog>
  );
}
