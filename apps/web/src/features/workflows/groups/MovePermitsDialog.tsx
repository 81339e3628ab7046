import type { PermitMigrationResult, WorkflowTemplateGroup, WorkflowTemplateVersion } from '@crossarm/shared';
import { permitsText } from '@crossarm/shared';
import { Alert, Button, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { GenericDialog } from '../../../components/dialogs/GenericDialog';
import { MigrationChoiceForm } from './MigrationChoiceForm';
import { PreviewSection, SkippedPermitsTable } from './MigrationDetails';
import { MigrationPreview } from './MigrationPreview';
import { movedMessage } from './migration-summary';
import { type PermitMigration, usePermitMigration } from './use-permit-migration';

interface MovePermitsDialogProps {
  projectId: string;
  group: WorkflowTemplateGroup;
  source: WorkflowTemplateVersion;
  /** How many permits run on the source version. */
  permitCount: number;
  onClose: () => void;
  /** Called once permits have moved, to refresh the tab. */
  onMoved: () => void;
}

function MovedOutcome({ result, targetVersion }: { result: PermitMigrationResult; targetVersion: number }) {
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={16} />} title="Permits moved">
        {movedMessage(result, targetVersion)}
      </Alert>
      {result.skipped.length > 0 ? (
        <PreviewSection title="Permits that stayed">
          <SkippedPermitsTable skipped={result.skipped} />
        </PreviewSection>
      ) : null}
    </Stack>
  );
}

/** The buttons of each step: preview, then move (only with a current preview), then close. */
function Footer({ migration, onClose }: { migration: PermitMigration; onClose: () => void }) {
  const { step, busy, preview, current, choice } = migration;
  if (step === 'done') return <Button onClick={onClose}>Done</Button>;
  const cancel = (
    <Button variant="default" onClick={onClose} disabled={busy !== null}>
      Cancel
    </Button>
  );
  if (step === 'choose') {
    return (
      <>
        {cancel}
        <Button
          onClick={() => void migration.runPreview()}
          loading={busy === 'preview'}
          disabled={!choice.targetTemplateId || choice.permitIds?.length === 0}
        >
          Preview
        </Button>
      </>
    );
  }
  const moving = preview?.counts.migrated ?? 0;
  return (
    <>
      <Button variant="default" onClick={migration.back} disabled={busy !== null} mr="auto">
        Back
      </Button>
      {cancel}
      {current ? null : (
        <Button variant="default" onClick={() => void migration.runPreview()} loading={busy === 'preview'}>
          Preview again
        </Button>
      )}
      <Button
        onClick={() => void migration.move()}
        loading={busy === 'move'}
        disabled={!current || moving === 0 || busy === 'preview'}
      >
        {`Move ${permitsText(moving)}`}
      </Button>
    </>
  );
}

/** Moves a published version's permits to another published version of its template, after a preview. */
export function MovePermitsDialog({
  projectId,
  group,
  source,
  permitCount,
  onClose,
  onMoved,
}: MovePermitsDialogProps) {
  const migration = usePermitMigration({ projectId, group, source, onMoved });
  const { step, preview, result, targetVersion } = migration;
  return (
    <GenericDialog
      opened
      onClose={onClose}
      title={`Move permits of version ${source.version}`}
      size={step === 'done' ? 'lg' : 'xl'}
      footer={<Footer migration={migration} onClose={onClose} />}
    >
      {step === 'choose' ? (
        <MigrationChoiceForm
          projectId={projectId}
          groupName={group.name}
          source={source}
          permitCount={permitCount}
          migration={migration}
        />
      ) : null}
      {step === 'preview' && preview ? <MigrationPreview result={preview} migration={migration} /> : null}
      {step === 'done' && result ? <MovedOutcome result={result} targetVersion={targetVersion ?? 0} /> : null}
    </GenericDialog>
  );
}
