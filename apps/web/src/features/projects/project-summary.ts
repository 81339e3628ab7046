import { enumWords } from '@crossarm/shared';
import type { ProjectSummary } from './api';

/** What the overview shows before any permit exists, or when the figures could not be loaded. */
export const EMPTY_SUMMARY: ProjectSummary = {
  permitCountsByStatus: {},
  totalPermits: 0,
  poles: 0,
  spans: 0,
  activeStageDistribution: [],
};

/** One bar of a bar list: its share of the largest bar, in percent (0 to 100). */
export interface Bar {
  label: string;
  count: number;
  percent: number;
}

/** Bars for the entries with a count, each sized against the largest. */
export function toBars(entries: ReadonlyArray<{ label: string; count: number }>): Bar[] {
  const counted = entries.filter((entry) => entry.count > 0);
  const largest = Math.max(0, ...counted.map((entry) => entry.count));
  return counted.map((entry) => ({
    label: entry.label,
    count: entry.count,
    percent: largest === 0 ? 0 : Math.round((entry.count / largest) * 100),
  }));
}

// A permit's life in order; statuses the app does not know yet follow, by name.
const STATUS_ORDER = ['Active', 'OnHold', 'CancelRequested', 'Cancelled', 'Completed'];

/** Permits by status in life-cycle order, leaving out statuses with no permits. */
export function statusBars(summary: ProjectSummary): Bar[] {
  const rank = (status: string) => {
    const index = STATUS_ORDER.indexOf(status);
    return index === -1 ? STATUS_ORDER.length : index;
  };
  const ordered = Object.entries(summary.permitCountsByStatus).sort(
    ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return toBars(ordered.map(([status, count]) => ({ label: enumWords(status), count })));
}

/** Active permits by stage, in the order the server gives (the workflow's order). */
export function stageBars(summary: ProjectSummary): Bar[] {
  return toBars(
    summary.activeStageDistribution.map((stage) => ({ label: stage.stageName, count: stage.count })),
  );
}
