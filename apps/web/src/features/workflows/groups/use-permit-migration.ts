import type { PermitMigrationResult, WorkflowTemplateGroup, WorkflowTemplateVersion } from '@crossarm/shared';
import { permitsText } from '@crossarm/shared';
import { useState } from 'react';
import { confirm } from '../../../components/dialogs/confirm';
import { conflictHandler, notifyApiError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import type { ApiError } from '../../../lib/api/api-error';
import { fieldErrorsOf } from '../../../lib/forms/field-errors';
import { migrateVersionPermits } from '../api';
import {
  choiceKey,
  type InlineMigrationErrors,
  inlineMigrationErrors,
  type MappingKind,
  type MigrationChoice,
  migrationBody,
  migrationTargets,
  NO_OVERRIDES,
  targetOfValue,
  withOverride,
} from './migration-plan';
import { movedMessage } from './migration-summary';

export type MigrationStep = 'choose' | 'preview' | 'done';

const NO_ERRORS: InlineMigrationErrors = { stages: {}, tasks: {} };

/** Problems with the target or the mapping show beside their fields; anything else is notified. */
function previewErrorHandler(error: ApiError) {
  if (inlineMigrationErrors(fieldErrorsOf(error))) return;
  notifyApiError(error, 'The move could not be previewed');
}

interface MigrationSource {
  projectId: string;
  group: WorkflowTemplateGroup;
  source: WorkflowTemplateVersion;
  /** Called once permits have moved, to refresh what shows them. */
  onMoved: () => void;
}

/** What the user has chosen, with the problems the server found in it (cleared by any change). */
function useMigrationChoice(initialTarget: string) {
  const [choice, setChoice] = useState<MigrationChoice>({
    targetTemplateId: initialTarget,
    permitIds: null,
    overrides: NO_OVERRIDES,
  });
  const [errors, setErrors] = useState<InlineMigrationErrors>(NO_ERRORS);
  const change = (next: MigrationChoice) => {
    setChoice(next);
    setErrors(NO_ERRORS);
  };
  return {
    choice,
    errors,
    setErrors,
    /** Another target has other stages and tasks, so the mapping starts over. */
    setTarget: (targetTemplateId: string) =>
      change({ targetTemplateId, permitIds: choice.permitIds, overrides: NO_OVERRIDES }),
    setPermitIds: (permitIds: string[] | null) => change({ ...choice, permitIds }),
    setMapping: (kind: MappingKind, sourceKey: string, value: string) =>
      change({ ...choice, overrides: withOverride(choice.overrides, kind, sourceKey, targetOfValue(value)) }),
    resetMapping: () => change({ ...choice, overrides: NO_OVERRIDES }),
  };
}

/** The confirmation naming how many permits move, and from and to which version. */
function confirmMove(count: number, from: number, to: number) {
  return confirm({
    title: `Move ${permitsText(count)}`,
    message: `Move ${permitsText(count)} from version ${from} to version ${to}? Each continues with the stages and tasks shown in the preview; values listed as dropped are removed. Each permit's activity records the move.`,
    confirmLabel: `Move ${permitsText(count)}`,
  });
}

/**
 * The state of moving a version's permits: what the user chose, the preview of it (current while the
 * choice is unchanged; only a current preview may be run), and the result once moved.
 */
export function usePermitMigration({ projectId, group, source, onMoved }: MigrationSource) {
  const targets = migrationTargets(group, source.id);
  const { choice, setErrors, ...chosen } = useMigrationChoice(targets[0]?.value ?? '');
  const [step, setStep] = useState<MigrationStep>('choose');
  const [preview, setPreview] = useState<{ key: string; result: PermitMigrationResult } | null>(null);
  const [result, setResult] = useState<PermitMigrationResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'move' | null>(null);
  const targetVersion = group.versions.find((version) => version.id === choice.targetTemplateId)?.version;
  const current = preview !== null && preview.key === choiceKey(choice);
  const send = (asPreview: boolean, onError: (error: ApiError) => void) =>
    migrateVersionPermits(projectId, source.id, migrationBody(choice, asPreview), onError);

  const runPreview = async () => {
    setBusy('preview');
    setErrors(NO_ERRORS);
    try {
      setPreview({ key: choiceKey(choice), result: await send(true, previewErrorHandler) });
      setStep('preview');
    } catch (error) {
      setErrors(inlineMigrationErrors(fieldErrorsOf(error)) ?? NO_ERRORS);
    } finally {
      setBusy(null);
    }
  };

  const move = async () => {
    if (!current || targetVersion === undefined) return;
    if (!(await confirmMove(preview.result.counts.migrated, source.version, targetVersion))) return;
    setBusy('move');
    try {
      const answer = await send(false, conflictHandler('The permits were not moved'));
      setResult(answer);
      setStep('done');
      notifySuccess('Permits moved', movedMessage(answer, targetVersion));
      onMoved();
    } catch {
      // The handler has shown what went wrong; the preview stays for another try.
    } finally {
      setBusy(null);
    }
  };

  return {
    ...chosen,
    targets,
    choice,
    step,
    preview: preview?.result ?? null,
    current,
    result,
    busy,
    targetVersion,
    back: () => setStep('choose'),
    runPreview,
    move,
  };
}

export type PermitMigration = ReturnType<typeof usePermitMigration>;
