import type { BulkAssignResult } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { permitKeys } from '../../permits/permit-keys';
import { useActiveProjects } from '../../workflows/groups/use-managed-projects';
import { BulkActionDialog } from './BulkActionDialog';
import { BulkAssignDialog } from './BulkAssignDialog';
import {
  assignSuccessText,
  type BulkActionKind,
  bulkActionSpec,
  offeredBulkActions,
  successText,
} from './bulk-actions';
import { changedCount, selectionCount, type TrackerSelection } from './selection';

interface PermitBulkActionsProps {
  /** The selected permits: by id, or every permit matching the tracker's filter. */
  selected: TrackerSelection;
  /** Clears the tracker's selection. */
  clear: () => void;
}

/**
 * The buttons of the tracker's selection bar: hold, release, restrict, lift restrictions, assign and delete
 * the selected permits, each through a dialog that confirms, runs and reports.
 */
export function PermitBulkActions({ selected, clear }: PermitBulkActionsProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<BulkActionKind | 'assign' | null>(null);
  // The selection is frozen while a dialog is open, so the count it confirms is the count it acts on.
  const [frozen, setFrozen] = useState<TrackerSelection>(selected);
  const projects = useActiveProjects(true);
  const offered = offeredBulkActions(
    projects.data ? projects.data.items : projects.isError ? 'failed' : 'unknown',
  );

  const start = (kind: BulkActionKind | 'assign') => {
    setFrozen(selected);
    setOpen(kind);
  };
  // A failure (or an outcome unknown) reads the table again: its count, and whatever did change.
  const failed = () => void queryClient.invalidateQueries({ queryKey: permitKeys.overview() });
  const finish = (title: string) => {
    setOpen(null);
    clear();
    notifySuccess(title);
    void queryClient.invalidateQueries({ queryKey: permitKeys.overview() });
    // A filter names no ids: every permit page loaded may have changed.
    const changed =
      frozen.kind === 'ids'
        ? frozen.permitIds.map((id) => permitKeys.detail(id))
        : [[...permitKeys.all, 'detail']];
    for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <>
      {offered
        .filter((action) => action.kind !== 'delete')
        .map((action) => (
          <Button key={action.kind} size="compact-sm" variant="default" onClick={() => start(action.kind)}>
            {action.label}
          </Button>
        ))}
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconUserPlus size={14} />}
        onClick={() => start('assign')}
      >
        Assign…
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => start('delete')}
      >
        Delete
      </Button>
      {open === 'assign' ? (
        <BulkAssignDialog
          selection={frozen}
          onClose={() => setOpen(null)}
          onDone={(result: BulkAssignResult) => finish(assignSuccessText(result))}
          onFailed={failed}
        />
      ) : open ? (
        <BulkActionDialog
          spec={bulkActionSpec(open)}
          selection={frozen}
          onClose={() => setOpen(null)}
          onDone={(result) => finish(successText(open, changedCount(result, selectionCount(frozen))))}
          onFailed={failed}
        />
      ) : null}
    </>
  );
}
