import { Paper, Skeleton, Stack } from '@mantine/core';
import { useCallback } from 'react';
import { LoadErrorState } from '../../../../components/LoadErrorState';
import type { Crumb } from '../../../../components/PageHeader';
import type { StoredFileRef } from '../../fields/field-values';
import { usePermitLive } from '../../live/use-permit-live';
import { PermitSidePanel } from '../../panel/PermitSidePanel';
import { downloadPermitFile } from '../api';
import { workAbilities } from '../permit-actions';
import {
  useMarkViewed,
  usePeopleOptions,
  usePermitStage,
  usePermitTimers,
  useRefreshPermit,
  useStageHeaders,
  useTrackerHeader,
} from '../use-permit-data';
import { ApplicationCard } from './ApplicationCard';
import { PermitHeaderCard } from './PermitHeaderCard';
import { StageRail } from './StageRail';
import { StageTasks } from './StageTasks';
import './permit-frame.css';

interface PermitFrameProps {
  permitId: string;
  /** The stage chosen in the address; the active (or first) stage when left out. */
  stageKey?: string | null;
  /** The task to bring into view. */
  taskKey?: string | null;
}

const BACK = { label: 'All Permits', to: '/permitting/all' };
const NO_TIMERS: never[] = [];

function FrameSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading the permit">
      <Skeleton height={14} width={240} />
      <Paper withBorder radius="md" p="sm">
        <Stack gap={10}>
          <Skeleton height={26} width={320} />
          <Skeleton height={36} />
        </Stack>
      </Paper>
      <div className="permit-frame">
        <Stack gap="xs" className="permit-frame-rail">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={52} radius="md" />
          ))}
        </Stack>
        <Stack gap="sm">
          <Skeleton height={40} radius="md" />
          <Skeleton height={180} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
        <Skeleton height={420} radius="md" className="permit-frame-panel" />
      </div>
    </Stack>
  );
}

/**
 * A permit's page, shared by its workflow, stage and task addresses: the header with the permit's actions,
 * the stage rail, the chosen stage's tasks with the application form, and the side panel. It follows the
 * permit live on the hub and records the visit.
 */
export function PermitFrame({ permitId, stageKey = null, taskKey = null }: PermitFrameProps) {
  usePermitLive(permitId);
  useMarkViewed(permitId);
  const header = useTrackerHeader(permitId);
  const stages = useStageHeaders(permitId);
  const timers = usePermitTimers(permitId);
  const people = usePeopleOptions(header.data?.project.id);
  const chosenStage = stageKey ?? header.data?.activeStage?.key ?? stages.data?.[0]?.key ?? null;
  // The same query the stage's tasks read: here for the task's name in the breadcrumbs.
  const stage = usePermitStage(permitId, chosenStage);
  const refresh = useRefreshPermit(permitId);
  const onDownload = useCallback(
    (file: StoredFileRef) =>
      void downloadPermitFile(permitId, file.fileId, file.fileName).catch(() => undefined),
    [permitId],
  );

  if (header.isError) {
    return (
      <LoadErrorState
        error={header.error}
        noun="permit"
        backTo={BACK}
        onRetry={() => void header.refetch()}
      />
    );
  }
  const data = header.data;
  if (!data) return <FrameSkeleton />;

  const selectedKey = chosenStage;
  const selected = stages.data?.find((s) => s.key === selectedKey) ?? null;
  const focusedTask = taskKey ? stage.data?.tasks.find((task) => task.key === taskKey) : undefined;
  const base = `/permitting/${permitId}/workflow`;
  const crumbs: Crumb[] = [BACK, { label: data.permitNumber, to: base }];
  if (stageKey && selected)
    crumbs.push({ label: selected.name, to: taskKey ? `${base}/stages/${stageKey}` : undefined });
  if (taskKey) crumbs.push({ label: focusedTask?.name ?? 'Task' });
  // The current page is the last crumb, without a link.
  const last = crumbs[crumbs.length - 1];
  if (last) crumbs[crumbs.length - 1] = { label: last.label };

  const abilities = workAbilities(data);
  return (
    <Stack gap={0}>
      <PermitHeaderCard header={data} timers={timers.data ?? NO_TIMERS} breadcrumbs={crumbs} />
      <div className="permit-frame">
        <div className="permit-frame-rail">
          <StageRail
            permitId={permitId}
            stages={stages.data}
            timers={timers.data ?? NO_TIMERS}
            selectedKey={selectedKey}
            failed={stages.isError}
            onRetry={() => void stages.refetch()}
          />
        </div>
        <Stack gap="sm" style={{ minWidth: 0 }}>
          {selectedKey ? (
            <StageTasks
              permitId={permitId}
              stageKey={selectedKey}
              focusTaskKey={taskKey}
              timers={timers.data ?? NO_TIMERS}
              abilities={abilities}
              people={people.options}
              onDownload={onDownload}
              refresh={refresh}
            />
          ) : stages.isPending ? (
            <Skeleton height={180} radius="md" />
          ) : null}
          <ApplicationCard
            permitId={permitId}
            people={people.options}
            onDownload={onDownload}
            refresh={refresh}
          />
        </Stack>
        <div className="permit-frame-panel">
          <PermitSidePanel permitId={permitId} projectId={data.project.id} />
        </div>
      </div>
    </Stack>
  );
}
