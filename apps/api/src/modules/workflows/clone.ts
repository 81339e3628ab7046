import {
  type CloneWorkflowTemplateGroupsResult,
  defaultAssigneeUserIds,
  LIBRARY_NAME_MAX,
  type WorkflowDefinition,
} from '@crossarm/shared';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { requireManagedProject } from '../projects/access.ts';
import { MANAGE_DETAIL } from './access.ts';
import { addGroup, getGroup } from './groups.ts';
import { groupNamesOf, latestVersionsOf, usersInProject } from './repo.ts';
import { guardUnique } from './unique.ts';

/** The name itself when free, else "Name (copy)", "Name (copy 2)"... kept within the name limit. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${name.slice(0, LIBRARY_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** The definition without the people assigned by default who may not work on the target project. */
function keepAssignees(definition: WorkflowDefinition, allowed: ReadonlySet<string>) {
  let dropped = 0;
  const stages = definition.stages.map((stage) => ({
    ...stage,
    tasks: stage.tasks.map((task) => {
      const defaultAssignees = task.defaultAssignees.filter(
        (assignee) => assignee.kind !== 'User' || allowed.has(assignee.userId),
      );
      dropped += task.defaultAssignees.length - defaultAssignees.length;
      return { ...task, defaultAssignees };
    }),
  }));
  return { definition: { ...definition, stages }, dropped };
}

/**
 * Copies groups of a source project into a target project, both managed by the caller: each group's latest
 * version (the newest published one, else its draft) becomes draft version 1 of a new, inactive group.
 */
export async function cloneGroups(
  ctx: ServiceContext,
  targetProjectId: string,
  input: { sourceProjectId: string; groupIds: string[] },
): Promise<CloneWorkflowTemplateGroupsResult> {
  let droppedAssignees = 0;
  const ids = await guardUnique(
    () =>
      transact(ctx, async (trx) => {
        const target = await requireManagedProject(ctx, trx, targetProjectId, MANAGE_DETAIL);
        await requireManagedProject(ctx, trx, input.sourceProjectId, MANAGE_DETAIL);
        const sources = await latestVersionsOf(trx, input.sourceProjectId, input.groupIds);
        if (sources.length !== input.groupIds.length) throw notFound('The template group');
        const taken = new Set(await groupNamesOf(trx, targetProjectId));
        const created: string[] = [];
        for (const groupId of input.groupIds) {
          const source = sources.find((row) => row.group_id === groupId)!;
          const allowed = await usersInProject(
            trx,
            targetProjectId,
            defaultAssigneeUserIds(source.definition),
          );
          const { definition, dropped } = keepAssignees(source.definition, allowed);
          droppedAssignees += dropped;
          const name = freeName(source.name, taken);
          taken.add(name.toLowerCase());
          const id = await addGroup(ctx, trx, target, name, definition, {
            action: 'workflow-template-group.cloned',
            after: {
              sourceProjectId: input.sourceProjectId,
              sourceGroupId: groupId,
              sourceVersion: source.version,
              droppedAssignees: dropped,
            },
          });
          created.push(id);
        }
        return created;
      }),
    () => conflict('Another template took one of these names just now. Try again.'),
  );
  return { groups: await Promise.all(ids.map((id) => getGroup(ctx, id))), droppedAssignees };
}
