import type { ExportFormat, OverviewRequest } from '@crossarm/shared';
import { useSyncExternalStore } from 'react';
import { notify } from '../../components/notifications/notify';
import { notifySuccess } from '../../components/notifications/notify-success';
import { isApiError } from '../../lib/api/api-error';
import { type ExportProgress, exportDoneText, exportFailureText } from './export-stream';
import { exportOverview } from './tracker-api';

/** Where the tracker's export stands. */
export type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

function isAbort(error: unknown): boolean {
  if (isApiError(error)) return error.cancelled;
  return error instanceof DOMException && error.name === 'AbortError';
}

// One export at a time for the whole app, kept outside the tracker: it goes on when the page moves to another
// view or another page, and the tracker shows where it stands whenever it is shown again.
let current: ExportState = { kind: 'idle' };
let running: AbortController | null = null;
const listeners = new Set<() => void>();

function setExport(next: ExportState) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getExport = () => current;

async function startExport(
  request: OverviewRequest,
  format: ExportFormat,
  expected: number | null,
  name?: string,
) {
  running?.abort();
  const mine = new AbortController();
  running = mine;
  setExport({ kind: 'running', progress: { format, bytes: 0, rows: format === 'Csv' ? 0 : null, expected } });
  try {
    const file = await exportOverview(request, format, {
      signal: mine.signal,
      expected,
      name,
      onProgress: (progress) => {
        if (!mine.signal.aborted) setExport({ kind: 'running', progress });
      },
    });
    if (running !== mine) return;
    setExport({ kind: 'idle' });
    notifySuccess(exportDoneText(file.rows, file.fileName));
  } catch (error) {
    if (running !== mine) return;
    if (isAbort(error)) {
      setExport({ kind: 'cancelled' });
      return;
    }
    const message = exportFailureText(error);
    setExport({ kind: 'failed', message });
    // No tracker shows it: say so where the person is.
    if (listeners.size === 0) notify({ type: 'error', title: 'Export failed', message });
  } finally {
    if (running === mine) running = null;
  }
}

const cancelExport = () => running?.abort();
const dismissExport = () => setExport({ kind: 'idle' });

/**
 * The tracker's exports, one at a time: progress while the file streams in, a Cancel that aborts it, the
 * reason when it fails, and the file saved (with a notification) when it is complete. An export goes on
 * when the tracker is left (another view, another page); only Cancel, or closing the app, stops it.
 */
export function useOverviewExport() {
  const state = useSyncExternalStore(subscribe, getExport);
  return { state, start: startExport, cancel: cancelExport, dismiss: dismissExport };
}
