import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { permitKeys } from '../permit-keys';
import { fileProblem, uploadFailureText } from './file-rules';
import { uploadPermitFile } from './panel-api';

/** One file on its way to the permit, or one that did not get there. */
export interface FileUpload {
  key: string;
  name: string;
  size: number;
  /** Share sent, 0 to 1. */
  progress: number;
  /** Why it was refused; null while it is sent. */
  error: string | null;
}

let nextKey = 0;

/**
 * Uploads files to a permit, each on its own with its progress, so one refused file does not hold back
 * the others. Finished uploads leave the list; refused ones stay with the reason until dismissed.
 */
export function useFileUploads(permitId: string) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  // Switching tabs keeps uploads going (the panel holds them); leaving the permit stops them.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<FileUpload> | null) => {
    setUploads((current) =>
      change === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
    );
  }, []);

  const start = useCallback(
    (files: File[]) => {
      const added = files.map((file) => ({
        file,
        upload: {
          key: `upload-${++nextKey}`,
          name: file.name,
          size: file.size,
          progress: 0,
          error: fileProblem(file),
        } satisfies FileUpload,
      }));
      setUploads((current) => [...current, ...added.map((item) => item.upload)]);
      for (const { file, upload } of added) {
        if (upload.error) continue;
        const controller = new AbortController();
        controllers.current.set(upload.key, controller);
        uploadPermitFile(permitId, file, (progress) => update(upload.key, { progress }), controller.signal)
          .then(async () => {
            update(upload.key, null);
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: permitKeys.files(permitId) }),
              queryClient.invalidateQueries({ queryKey: permitKeys.activity(permitId) }),
            ]);
          })
          .catch((error: unknown) => update(upload.key, { error: uploadFailureText(error) }))
          .finally(() => controllers.current.delete(upload.key));
      }
    },
    [permitId, queryClient, update],
  );

  const cancel = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      update(key, null);
    },
    [update],
  );

  return { uploads, start, dismiss: cancel };
}
