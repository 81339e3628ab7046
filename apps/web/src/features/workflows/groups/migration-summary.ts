import type { MappedItem, PermitMigrationResult } from '@crossarm/shared';
import { permitsText } from '@crossarm/shared';

// A migrate call's answer read for people: how many stages and tasks carry over, where the permits land,
// and which values they lose.

/** How the source's stages or tasks fare on the target. */
export interface ItemCounts {
  /** Carried over under the same name. */
  kept: number;
  /** Carried over to an item with another name. */
  renamed: number;
  dropped: number;
  /** Target items nothing maps to: permits start them afresh. */
  added: number;
}

export interface DroppedProperty {
  propertyName: string;
  /** Values lost, across the permits listed. */
  count: number;
  permitNumbers: string[];
}

export interface PreviewSummary {
  moving: number;
  skipped: number;
  droppedValues: number;
  stages: ItemCounts;
  tasks: ItemCounts;
  /** Where the moved permits stand on the target, by stage, most first; "Finished" when every stage is done. */
  landing: { stageName: string; count: number }[];
  droppedByProperty: DroppedProperty[];
  /** True when the server listed only some of the permits (the counts still cover all of them). */
  partial: boolean;
}

/** The stage name the landing counts use for permits with every stage done. */
export const FINISHED = 'Finished';

function countItems(items: MappedItem[], added: number): ItemCounts {
  const counts: ItemCounts = { kept: 0, renamed: 0, dropped: 0, added };
  for (const item of items) {
    if (item.targetKey === null) counts.dropped += 1;
    else if (item.targetName === item.sourceName) counts.kept += 1;
    else counts.renamed += 1;
  }
  return counts;
}

function tally(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

function droppedByProperty(result: PermitMigrationResult): DroppedProperty[] {
  const byName = new Map<string, DroppedProperty>();
  for (const permit of result.permits) {
    for (const value of permit.droppedValues) {
      const entry = byName.get(value.propertyName) ?? {
        propertyName: value.propertyName,
        count: 0,
        permitNumbers: [],
      };
      entry.count += 1;
      if (!entry.permitNumbers.includes(permit.permitNumber)) entry.permitNumbers.push(permit.permitNumber);
      byName.set(value.propertyName, entry);
    }
  }
  return [...byName.values()].sort((a, b) => a.propertyName.localeCompare(b.propertyName));
}

/** The figures of a preview (or of a run's result). */
export function summarisePreview(result: PermitMigrationResult): PreviewSummary {
  const landing = tally(result.permits.map((permit) => permit.activeStage?.name ?? FINISHED));
  return {
    moving: result.counts.migrated,
    skipped: result.counts.skipped,
    droppedValues: result.counts.droppedValues,
    stages: countItems(result.mapping.stages, result.newStages.length),
    tasks: countItems(result.mapping.tasks, result.newTasks.length),
    landing: [...landing]
      .map(([stageName, count]) => ({ stageName, count }))
      .sort((a, b) => b.count - a.count || a.stageName.localeCompare(b.stageName)),
    droppedByProperty: droppedByProperty(result),
    partial: result.permits.length < result.counts.migrated,
  };
}

/** One sentence on what a preview would do, e.g. "5 permits would move to version 2; 1 would be skipped." */
export function previewHeadline(summary: PreviewSummary, targetVersion: number): string {
  const skipped = summary.skipped > 0 ? `; ${summary.skipped} would be skipped` : '';
  if (summary.moving === 0) return `No permit can move to version ${targetVersion}${skipped}.`;
  return `${permitsText(summary.moving)} would move to version ${targetVersion}${skipped}.`;
}

/** The success notification's text after a run. */
export function movedMessage(result: PermitMigrationResult, targetVersion: number): string {
  const { migrated, skipped } = result.counts;
  const moved = `${permitsText(migrated)} now ${migrated === 1 ? 'runs' : 'run'} on version ${targetVersion}.`;
  if (skipped === 0) return moved;
  return `${moved} ${permitsText(skipped)} stayed where ${skipped === 1 ? 'it was' : 'they were'}.`;
}

const MAX_VALUE_TEXT = 80;

/** A dropped property value as short text: lists joined, objects as JSON, cut to a readable length. */
export function valueText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '—';
  else if (Array.isArray(value)) text = value.map(valueText).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}
