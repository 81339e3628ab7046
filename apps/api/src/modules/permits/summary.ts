import type { PermitStatus, ProjectSummary, WorkflowDefinition } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { requireVisibleProject } from '../projects/access.ts';
import { permitScopeOf } from './access.ts';
import { countByStatus, definitionsOf, mapCounts, openPermitsByStage } from './repo.ts';

/**
 * Open permits by the name of the stage they are in. Templates may share stage names; each name counts
 * once. Names follow the stage order of the version holding the most open permits, then the stages only
 * other versions have, in their order.
 */
function byStageName(
  counts: { templateId: string; stageKey: string; count: number }[],
  definitions: Map<string, WorkflowDefinition>,
): ProjectSummary['activeStageDistribution'] {
  const perTemplate = new Map<string, number>();
  for (const { templateId, count } of counts)
    perTemplate.set(templateId, (perTemplate.get(templateId) ?? 0) + count);
  const templates = [...perTemplate].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([id]) => id);
  const order = [
    ...new Set(templates.flatMap((id) => (definitions.get(id)?.stages ?? []).map((stage) => stage.name))),
  ];
  const totals = new Map<string, number>();
  for (const { templateId, stageKey, count } of counts) {
    const name = definitions.get(templateId)?.stages.find((stage) => stage.key === stageKey)?.name;
    if (name !== undefined) totals.set(name, (totals.get(name) ?? 0) + count);
  }
  return order.flatMap((stageName) => {
    const count = totals.get(stageName);
    return count ? [{ stageName, count }] : [];
  });
}

/** A project's overview figures; an attacher's count only its own organization's permits. */
export async function getProjectSummary(ctx: ServiceContext, projectId: string): Promise<ProjectSummary> {
  const project = await requireVisibleProject(ctx, ctx.db, projectId);
  const scope = permitScopeOf(ctx, project);
  const [byStatus, byStage, map] = await Promise.all([
    countByStatus(ctx.db, scope),
    openPermitsByStage(ctx.db, scope),
    mapCounts(ctx.db, projectId),
  ]);
  const definitions = await definitionsOf(ctx.db, [...new Set(byStage.map((row) => row.templateId))]);
  const count = (status: PermitStatus) => byStatus.get(status) ?? 0;
  return {
    totalPermits: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
    permitCountsByStatus: {
      Active: count('Active'),
      OnHold: count('OnHold'),
      CancelRequested: count('CancelRequested'),
      Cancelled: count('Cancelled'),
      Completed: count('Completed'),
    },
    ...map,
    activeStageDistribution: byStageName(byStage, definitions),
  };
}
