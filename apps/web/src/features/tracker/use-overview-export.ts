import type { ExportFormat, OverviewRequest } from '@crossarm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Runs the tracker's exports one at a time: progress while the file streams in, a Cancel that aborts it,
 * the reason when it fails, and the file saved (with a notification) when it is complete.
 */
export function useOverviewExport() {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops an export still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (request: OverviewRequest, format: ExportFormat, expected: number | null, name?: string) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({
        kind: 'running',
        progress: { format, bytes: 0, rows: format === 'Csv' ? 0 : null, expected },
      });
      try {
        const file = await exportOverview(request, format, {
          signal: current.signal,
          expected,
          name,
          onProgress: (progress) => {
            if (!current.signal.aborted) setState({ kind: 'running', progress });
          },
        });
        if (controller.current !== current) return;
        setState({ kind: 'idle' });
        notifySuccess(exportDoneText(file.rows, file.fileName));
      } catch (error) {
        if (controller.current !== current) return;
        setState(
          isAbort(error) ? { kind: 'cancelled' } : { kind: 'failed', message: exportFailureText(error) },
        );
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setState({ kind: 'idle' }), []);

  return { state, start, cancel, dismiss };
}
