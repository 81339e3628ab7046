import type { TemplateIssue, WorkflowDefinition, WorkflowTemplate } from '@crossarm/shared';
import { Grid } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { DesignerContext, type DesignerContextValue, type PanelSelection } from '../designer-context';
import { anchorOf, indexIssues, type LocatedIssue, locateIssue } from '../template-issues';
import { useDesignerData } from '../use-designer-data';
import { useKnownUsers } from '../use-known-users';
import { useTemplateEditor } from '../use-template-editor';
import { ApplicationFormSection } from './ApplicationFormSection';
import { DesignerHeader } from './DesignerHeader';
import { DesignerPanel } from './DesignerPanel';
import { DraftAction } from './DraftAction';
import { EditActions } from './EditActions';
import { IssueSummary } from './IssueSummary';
import { StageList } from './StageList';

interface WorkflowDesignerProps {
  template: WorkflowTemplate;
  /** Nothing can change: a published version, an archived group, or someone who may not edit. */
  readOnly: boolean;
  /** May start a new draft from a published version (the pole owner's project managers). */
  canManage: boolean;
}

/** Fields of a task or stage that are set in the side panel rather than on the card. */
const PANEL_FIELDS = /^(timer|properties|dependsOn|defaultAssignees)(\.|$)/;

/** The template designer: stages and tasks on the left, the application form on the right, a side panel. */
export function WorkflowDesigner({ template, readOnly, canManage }: WorkflowDesignerProps) {
  const { entries, library, presets, context, loading } = useDesignerData(template, !readOnly);
  const { users, rememberUsers } = useKnownUsers(template);
  const [selection, setSelection] = useState<PanelSelection | null>(null);

  const reveal = useCallback((issue: LocatedIssue) => {
    const { target, field } = issue;
    document.getElementById(anchorOf(target))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (!PANEL_FIELDS.test(field)) return;
    if (target.kind === 'task') setSelection({ kind: 'task', taskKey: target.taskKey });
    else if (target.kind === 'stage') setSelection({ kind: 'stage', stageKey: target.stageKey });
  }, []);
  // A save or publish that stopped on problems points at the first.
  const pointAtFirst = useCallback(
    (found: TemplateIssue[], checked: WorkflowDefinition) => {
      if (found[0]) reveal(locateIssue(checked, found[0]));
    },
    [reveal],
  );
  const editor = useTemplateEditor(template, context, pointAtFirst);
  const { definition } = editor;
  const issues = useMemo(
    () => indexIssues(definition, readOnly ? [] : editor.issues),
    [definition, readOnly, editor.issues],
  );
  const value: DesignerContextValue = {
    projectId: template.project.id,
    definition,
    edit: editor.edit,
    readOnly,
    issues,
    entries,
    library,
    presets,
    users,
    rememberUsers,
    open: setSelection,
    reveal,
  };

  const draftAction =
    readOnly && canManage && template.status === 'Published' && template.group.status !== 'Archived' ? (
      <DraftAction template={template} />
    ) : null;

  return (
    <DesignerContext.Provider value={value}>
      <DesignerHeader template={template} actions={draftAction} />
      <IssueSummary definition={definition} issues={issues.all} refused={editor.refused} onReveal={reveal} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <StageList loading={loading} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ApplicationFormSection />
        </Grid.Col>
      </Grid>
      {readOnly ? null : (
        <EditActions
          dirty={editor.dirty}
          busy={editor.busy}
          onSave={() => void editor.save()}
          onPublish={() => void editor.publish()}
        />
      )}
      <DesignerPanel selection={selection} onClose={() => setSelection(null)} />
    </DesignerContext.Provider>
  );
}
