import { formatDateTime, type PermitActivityKind } from '@crossarm/shared';

// What an activity entry changed, as lines of "Label: before → after". Only facts recorded on both sides
// that differ are shown; ids and keys are for the machine, not the reader.

/** One changed fact of an activity entry. */
export interface ChangeLine {
  key: string;
  label: string;
  before: string;
  after: string;
}

const TECHNICAL_KEY = /(^id$|Id$|Ids$|^taskKey$|^stageKey$)/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** An enum value such as "InProgress" or "ReadyToBegin". */
const PASCAL_WORDS = /^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/;

/** "onHoldReason" → "On hold reason". */
export function labelOfKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How each kind of activity entry is titled. */
const ACTIVITY_KIND_LABELS: Record<PermitActivityKind, string> = {
  PermitCreated: 'Permit created',
  PermitCancelRequested: 'Cancellation requested',
  PermitCancelApproved: 'Cancellation approved',
  PermitCancelRejected: 'Cancellation rejected',
  PermitUncancelled: 'Cancellation undone',
  PermitCompleted: 'Permit completed',
  PermitUncompleted: 'Completion undone',
  PermitMapUpdated: 'Map updated',
  PermitMigrated: 'Moved to another workflow version',
  StageStarted: 'Stage started',
  StageCompleted: 'Stage completed',
  StageUncompleted: 'Stage reopened',
  TaskStarted: 'Task started',
  TaskReadyToBegin: 'Task ready to begin',
  TaskChanged: 'Task changed',
  TaskAssigned: 'Task assigned',
  TaskUnassigned: 'Task unassigned',
  TaskCompleted: 'Task completed',
  TaskUncompleted: 'Task reopened',
  PropertyChanged: 'Value changed',
  CommentAdded: 'Comment added',
  FileUploaded: 'File uploaded',
  FileDeleted: 'File deleted',
  PermitRestricted: 'Permit restricted',
  PermitRestrictionRemoved: 'Restriction removed',
  PermitAddOnHold: 'Put on hold',
  PermitRemoveOnHold: 'Removed from hold',
};

/** "PermitAddOnHold" → "Put on hold"; a kind this app does not know yet reads as its words. */
export function activityKindLabel(kind: string): string {
  return ACTIVITY_KIND_LABELS[kind as PermitActivityKind] ?? labelOfKey(kind);
}

/** A recorded value as text: empty as an em dash, lists joined, records by their name. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_TIMESTAMP.test(value)) return formatDateTime(value) || value;
    return PASCAL_WORDS.test(value) ? labelOfKey(value) : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(valueText).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    if (typeof record.label === 'string') return record.label;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The facts an entry changed, in the order the entry recorded them. */
export function changeLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): ChangeLine[] {
  if (!before || !after) return [];
  const lines: ChangeLine[] = [];
  for (const key of Object.keys(after)) {
    if (TECHNICAL_KEY.test(key) || !(key in before)) continue;
    const was = valueText(before[key]);
    const now = valueText(after[key]);
    if (was !== now) lines.push({ key, label: labelOfKey(key), before: was, after: now });
  }
  return lines;
}

/** A change line as one sentence, for screen readers and exports. */
export function changeText(line: ChangeLine): string {
  return `${line.label}: ${line.before} → ${line.after}`;
}
