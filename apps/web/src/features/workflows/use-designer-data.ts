import type { LibraryEntry, PublishContext, WorkflowTemplate } from '@crossarm/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type DesignerLibraryKind, fetchTimerPresets, fetchUsableEntries, workflowKeys } from './api';

const NONE: LibraryEntry[] = [];

function useLibrary(kind: DesignerLibraryKind, enabled: boolean) {
  return useQuery({
    queryKey: workflowKeys.library(kind),
    queryFn: ({ signal }) => fetchUsableEntries(kind, signal),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * What the designer builds with: the library's active entries (only needed while editing), the timer
 * presets, and the entries the template names, which may since have been archived.
 */
export function useDesignerData(template: WorkflowTemplate, editable: boolean) {
  const stages = useLibrary('stage', editable);
  const tasks = useLibrary('task', editable);
  const properties = useLibrary('property', editable);
  const presets = useQuery({
    queryKey: workflowKeys.presets(),
    queryFn: ({ signal }) => fetchTimerPresets(signal),
    staleTime: 60_000,
  });
  const library = useMemo(
    () => ({ stage: stages.data ?? NONE, task: tasks.data ?? NONE, property: properties.data ?? NONE }),
    [stages.data, tasks.data, properties.data],
  );
  const entries = useMemo(() => {
    const all = new Map<string, LibraryEntry>(Object.entries(template.libraryEntries));
    for (const entry of [...library.stage, ...library.task, ...library.property]) all.set(entry.id, entry);
    return all;
  }, [template.libraryEntries, library]);
  // The people check needs the project's whole roster; the server makes it when publishing.
  const context = useMemo(
    (): PublishContext => ({ libraryEntries: entries, application: 'JointUse' }),
    [entries],
  );
  const loading = editable && (stages.isPending || tasks.isPending || properties.isPending);
  return { library, entries, presets: presets.data ?? [], context, loading };
}
