import type { BulkAssignResult } from '@crossarm/shared';
import { Button } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { permitKeys } from '../../permits/permit-keys';
import { BulkActionDialog } from './BulkActionDialog';
import { BulkAssignDialog } from './BulkAssignDialog';
import {
  assignSuccessText,
  BULK_ACTIONS,
  type BulkActionKind,
  bulkActionSpec,
  successText,
} from './bulk-actions';

interface PermitBulkActionsProps {
  /** The selected permits' ids. */
  selected: string[];
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
  const [permitIds, setPermitIds] = useState<string[]>([]);

  const start = (kind: BulkActionKind | 'assign') => {
    setPermitIds(selected);
    setOpen(kind);
  };
  const finish = (title: string) => {
    setOpen(null);
    clear();
    notifySuccess(title);
    void queryClient.invalidateQueries({ queryKey: permitKeys.overview() });
    for (const id of permitIds) void queryClient.invalidateQueries({ queryKey: permitKeys.detail(id) });
  };

  return (
    <>
      {BULK_ACTIONS.filter((action) => action.kind !== 'delete').map((action) => (
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
          permitIds={permitIds}
          onClose={() => setOpen(null)}
          onDone={(result: BulkAssignResult) => finish(assignSuccessText(result))}
        />
      ) : open ? (
        <BulkActionDialog
          spec={bulkActionSpec(open)}
          permitIds={permitIds}
          onClose={() => setOpen(null)}
          onDone={() => finish(successText(open, permitIds.length))}
        />
      ) : null}
    </>
  );
}
