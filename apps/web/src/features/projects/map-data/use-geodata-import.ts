import type { GeodataKind } from '@crossarm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { isApiError } from '../../../lib/api/api-error';
import { writeResultSentence } from './agol-form';
import { importGeodata, mapDataKeys } from './map-data-api';

/** What went wrong with an import, in the server's words when it gave any. */
export function importProblem(error: unknown): string {
  if (!isApiError(error)) return 'The file could not be imported.';
  return error.errors.find((e) => e.field === 'body.file')?.message ?? (error.detail || error.title);
}

/**
 * Uploading a file of poles or spans: `progress` is the share sent (0 to 1); once it is all sent the server
 * reads the file (`sending` false while still pending). The failure shows in the section, not as a toast.
 */
export function useGeodataImport(projectId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (input: { kind: GeodataKind; file: File; replace: boolean }) => {
      setProgress(0);
      return importGeodata(projectId, input.kind, input, setProgress, 'silent');
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: mapDataKeys.all(projectId) });
      notifySuccess(
        result.kind === 'poles' ? 'Poles imported' : 'Spans imported',
        writeResultSentence(result),
      );
    },
  });
  return { upload, progress, sending: upload.isPending && progress < 1 };
}
