import type { WorkflowTemplateGroup } from '@crossarm/shared';
import { useQueries } from '@tanstack/react-query';
import { fetchVersionPermits, workflowKeys } from '../api';

// A group has a handful of published versions, so one smallest page per version gives its count cheaply:
// the list's total. Drafts never carry permits and are not asked about.
const COUNT_PAGE = { page: 1, pageSize: 1 } as const;

/**
 * How many permits run on each published version of the group, by version id; absent while loading or when
 * the count could not be read (the table shows a dash, not a notification per version). Asked only when
 * `enabled`: the managers who may move permits.
 */
export function useVersionPermitCounts(group: WorkflowTemplateGroup, enabled: boolean) {
  const published = group.versions.filter((version) => version.status === 'Published');
  return useQueries({
    queries: published.map((version) => ({
      queryKey: workflowKeys.versionPermitPage(
        group.projectId,
        version.id,
        COUNT_PAGE.page,
        COUNT_PAGE.pageSize,
      ),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchVersionPermits(group.projectId, version.id, COUNT_PAGE, signal, 'silent'),
      enabled,
    })),
    combine: (results) =>
      new Map(
        results.flatMap((result, index) =>
          result.data ? [[published[index]!.id, result.data.total] as const] : [],
        ),
      ),
  });
}
