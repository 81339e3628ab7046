import {
  type BulkAssignMode,
  type BulkAssignResult,
  MAX_BULK_ASSIGNEES,
  MAX_BULK_PERMITS,
  permitsText,
} from '@crossarm/shared';
import { Alert, Group, List, ScrollArea, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { permitKeys } from '../../permits/permit-keys';
import { fetchOverviewColumns } from '../tracker-api';
import { BulkProgress } from './BulkProgress';
import {
  ASSIGN_MODES,
  assignableTasks,
  assignPreviewSummary,
  bulkAssignBody,
  bulkAssignInfoBody,
  failureText,
} from './bulk-actions';
import { bulkAssign, previewBulkAssign } from './bulk-api';
import { PeoplePicker } from './PeoplePicker';
import { selectionCount, type TrackerSelection } from './selection';

interface BulkAssignDialogProps {
  /** The permits by id, or every permit matching the tracker's filter. */
  selection: TrackerSelection;
  onClose: () => void;
  /** The assignment went through on every permit. */
  onDone: (result: BulkAssignResult) => void;
  /** The assignment failed, or its outcome is unknown: the table is read again. */
  onFailed: () => void;
}

/** How many refusing permits the preview lists before saying how many more there are. */
const LISTED = 20;

/** The first lines of a preview's list, scrolling, with how many more there are. */
function ShortList({ items, label }: { items: string[]; label: string }) {
  return (
    <ScrollArea.Autosize mah={180} mt={4}>
      <List size="sm" spacing={2} aria-label={label}>
        {items.slice(0, LISTED).map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      {items.length > LISTED ? (
        <Text size="sm" c="dimmed">
          and {items.length - LISTED} more
        </Text>
      ) : null}
    </ScrollArea.Autosize>
  );
}

/**
 * Assigns people to one task (by its library entry) on the selected permits: the user picks the task, the
 * people and whether to add them or make them exactly the assignees, previews who would change, then confirms.
 */
export function BulkAssignDialog({ selection, onClose, onDone, onFailed }: BulkAssignDialogProps) {
  const count = selectionCount(selection);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [mode, setMode] = useState<BulkAssignMode>('Difference');
  const [touched, setTouched] = useState(false);

  const catalogue = useQuery({
    queryKey: permitKeys.overviewColumns(),
    queryFn: ({ signal }) => fetchOverviewColumns(signal),
    staleTime: 5 * 60_000,
  });
  const tasks = useMemo(() => assignableTasks(catalogue.data ?? []), [catalogue.data]);

  const preview = useMutation({
    mutationFn: () => previewBulkAssign(bulkAssignInfoBody(selection, taskId ?? '', userIds, mode)),
  });
  const assign = useMutation({
    mutationFn: () => bulkAssign(mode, bulkAssignBody(selection, taskId ?? '', userIds)),
    onSuccess: onDone,
    onError: onFailed,
  });
  const summary = preview.data ? assignPreviewSummary(preview.data) : null;
  const busy = preview.isPending || assign.isPending;

  // Any change to the choice makes the preview stale: it is asked for again before assigning.
  const changed = () => {
    preview.reset();
    assign.reset();
  };
  const taskError = touched && !taskId ? 'Choose the task to assign' : null;
  // Making the assignees exactly nobody is a valid way to unassign everyone; adding nobody changes nothing.
  const peopleError = touched && mode === 'Difference' && userIds.length === 0 ? 'Choose who to add' : null;
  const tooMany =
    count > MAX_BULK_PERMITS
      ? `Assign takes at most ${MAX_BULK_PERMITS} permits at once: select fewer.`
      : null;

  const submit = () => {
    setTouched(true);
    if (!taskId || (mode === 'Difference' && userIds.length === 0) || tooMany || busy) return;
    if (summary?.canConfirm) assign.mutate();
    else preview.mutate();
  };

  let running: string | null = null;
  if (preview.isPending) running = `Checking who changes on ${permitsText(count)}…`;
  if (assign.isPending) running = `Assigning on ${permitsText(count)}…`;
  const error = preview.error ?? assign.error;
  const catalogueFailure = catalogue.error
    ? 'The tasks could not be loaded. Close this dialog and try again.'
    : null;

  return (
    <FormDialog
      opened
      onClose={busy ? () => {} : onClose}
      title={`Assign on ${permitsText(count)}`}
      size="lg"
      formId="bulk-assign"
      submitLabel={
        summary?.canConfirm ? `Assign on ${permitsText(preview.data?.changedCount ?? 0)}` : 'Preview changes'
      }
      busy={busy}
      onSubmit={submit}
    >
      <Stack gap="sm">
        <Select
          label="Task"
          description="The task in every workflow that uses it."
          placeholder={catalogue.isPending ? 'Loading tasks…' : 'Choose a task'}
          required
          searchable
          data={tasks}
          value={taskId}
          disabled={busy}
          onChange={(next) => {
            setTaskId(next);
            changed();
          }}
          nothingFoundMessage={tasks.length === 0 ? 'No workflow has tasks yet' : 'No task matches'}
          comboboxProps={{ withinPortal: true }}
          error={taskError}
        />
        <PeoplePicker
          value={userIds}
          max={MAX_BULK_ASSIGNEES}
          disabled={busy}
          error={peopleError}
          onChange={(next) => {
            setUserIds(next);
            changed();
          }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            How
          </Text>
          <Group gap="sm" wrap="nowrap" align="center">
            <SegmentedControl
              size="xs"
              disabled={busy}
              value={mode}
              onChange={(next) => {
                setMode(next as BulkAssignMode);
                changed();
              }}
              data={ASSIGN_MODES.map(({ value, label }) => ({ value, label }))}
            />
            <Text size="xs" c="dimmed">
              {ASSIGN_MODES.find((option) => option.value === mode)?.description}
            </Text>
          </Group>
        </Stack>
        {summary ? (
          <Alert
            color={summary.problems.length > 0 ? 'red' : summary.canConfirm ? 'blue' : 'gray'}
            variant="light"
            title={summary.headline}
          >
            {summary.canConfirm ? (
              <>
                <Text size="sm">
                  {summary.additions} {summary.additions === 1 ? 'assignment' : 'assignments'} added,{' '}
                  {summary.removals} removed. Confirm to apply them.
                </Text>
                <ShortList items={summary.changes} label="Changes by permit" />
              </>
            ) : null}
            {summary.problems.length > 0 ? (
              <ShortList items={summary.problems} label="Permits that cannot be assigned" />
            ) : null}
          </Alert>
        ) : null}
        <BulkProgress
          running={running}
          failure={tooMany ?? catalogueFailure ?? (error ? failureText(error) : null)}
        />
      </Stack>
    </FormDialog>
  );
}
