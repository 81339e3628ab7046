import type { FilterGroupDraft, OverviewRequest } from '@crossarm/shared';
import type { PermitWorld } from './permit-world.ts';

/** The world's entries that case (a) names. */
export function nestedFilterEntries(world: PermitWorld) {
  const taskNamed = (name: string) => world.tasks.find((task) => task.name === name)!;
  const propertyNamed = (name: string) => world.properties.find((property) => property.name === name)!;
  return {
    stage: world.stages[2]!,
    walk: taskNamed('Field Walk'),
    cost: propertyNamed('Make-Ready Cost'),
    priority: propertyNamed('Priority'),
    due: propertyNamed('Make-Ready Due'),
  };
}

/**
 * Case (a) of the overview benchmark: a page of 50 filtered by `Status = Active AND (Active Stage = Make-Ready
 * Engineering OR Field Walk status = In Progress) AND (Make-Ready Cost > 900 OR Priority = urgent)`, sorted
 * by a date property then the permit number, with the count and a summary row (ask with
 * `includeCount=true&includeSummary=true`).
 */
export function nestedFilterRequest(world: PermitWorld): OverviewRequest {
  const { stage, walk, cost, priority, due } = nestedFilterEntries(world);
  const filter: FilterGroupDraft = {
    condition: 'And',
    rows: [{ id: 'status', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
    groups: [
      {
        condition: 'Or',
        rows: [
          { id: 'stage', dataId: 'workflow.ActiveStage', operator: 'Equals', value: stage.entryId },
          { id: 'walk', dataId: `task.${walk.entryId}.Status`, operator: 'Equals', value: 'InProgress' },
        ],
      },
      {
        condition: 'Or',
        rows: [
          { id: 'cost', dataId: `property.${cost.entryId}`, operator: 'GreaterThan', value: 900 },
          { id: 'priority', dataId: `property.${priority.entryId}`, operator: 'Equals', value: 'urgent' },
        ],
      },
    ],
  };
  return {
    pageOptions: { page: 0, pageSize: 50 },
    columnOptions: [
      'permit.PermitNumber',
      'permit.Status',
      `property.${due.entryId}`,
      `property.${cost.entryId}`,
    ],
    filterOptions: filter,
    sortOptions: [
      { dataId: `property.${due.entryId}`, direction: 'Ascending' },
      { dataId: 'permit.PermitNumber', direction: 'Ascending' },
    ],
    summaryRowOptions: [
      { dataId: 'permit.ActualPoles', metric: 'Sum' },
      { dataId: `property.${cost.entryId}`, metric: 'Average' },
    ],
  };
}
