import {
  type ExpressionValue,
  evaluateExpression,
  isEmptyValue,
  PropertyDefinition,
  type PropertyFacts,
  parseExpression,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { StoredValue } from './transform.ts';

// Expression properties are never written by people: after every save they are computed again from the
// permit's other values, referred to by property name.

/** One Expression property placed on the permit: on a task, or on the application form (null). */
export interface ExpressionPlacement {
  taskKey: string | null;
  propertyEntryId: string;
  formula: string;
}

/** Every place an Expression property sits in the definition. */
export function expressionPlacements(
  definition: WorkflowDefinition,
  facts: ReadonlyMap<string, PropertyFacts>,
): ExpressionPlacement[] {
  const places = [
    ...definition.applicationForm.map((p) => ({ taskKey: null, propertyEntryId: p.libraryEntryId })),
    ...definition.stages.flatMap((stage) =>
      stage.tasks.flatMap((task) =>
        task.properties.map((p) => ({
          taskKey: task.key as string | null,
          propertyEntryId: p.libraryEntryId,
        })),
      ),
    ),
  ];
  return places.flatMap((place) => {
    const fact = facts.get(place.propertyEntryId);
    const parsed = PropertyDefinition.safeParse({
      fieldType: fact?.fieldType,
      renderOptions: fact?.renderOptions,
    });
    if (!parsed.success || parsed.data.fieldType !== 'Expression') return [];
    return [{ ...place, formula: parsed.data.renderOptions.formula }];
  });
}

/** A stored value as a formula reads it; a list (several users) reads as comma-separated text. */
function asExpressionValue(value: unknown): ExpressionValue {
  if (isEmptyValue(value)) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  return Array.isArray(value) ? value.join(', ') : null;
}

/** A computed value as it is stored: dates as their day, failures and empty results as nothing. */
function storable(value: ExpressionValue): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value;
}

/**
 * The values every Expression property should hold given the permit's values. Expressions may refer to
 * other expressions, so evaluation repeats until nothing changes (at most once per expression).
 */
export function computeExpressions(
  placements: ExpressionPlacement[],
  values: StoredValue[],
  facts: ReadonlyMap<string, PropertyFacts>,
): Map<ExpressionPlacement, unknown> {
  const byName = new Map<string, ExpressionValue>();
  // Application form values are read first, so that a task's value of the same property wins.
  const ordered = [...values].sort((a, b) => Number(a.taskKey !== null) - Number(b.taskKey !== null));
  for (const stored of ordered) {
    const name = facts.get(stored.propertyEntryId)?.name;
    if (name) byName.set(name.toLowerCase(), asExpressionValue(stored.value));
  }
  const results = new Map<ExpressionPlacement, unknown>();
  for (let pass = 0; pass <= placements.length; pass += 1) {
    let changed = false;
    for (const placement of placements) {
      const parsed = parseExpression(placement.formula);
      const result = parsed.ok
        ? evaluateExpression(parsed.ast, (name) => byName.get(name.toLowerCase()) ?? null)
        : null;
      const value = result?.ok ? storable(result.value) : null;
      if (results.has(placement) && results.get(placement) === value) continue;
      results.set(placement, value);
      const name = facts.get(placement.propertyEntryId)?.name;
      if (name) byName.set(name.toLowerCase(), asExpressionValue(value));
      changed = true;
    }
    if (!changed) break;
  }
  return results;
}
