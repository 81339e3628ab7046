import type { PublishContext, TemplateIssue, WorkflowDefinition, WorkflowTemplate } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { confirm } from '../../components/dialogs/confirm';
import { notify } from '../../components/notifications/notify';
import { notifyApiError } from '../../components/notifications/notify-api-error';
import { notifySuccess } from '../../components/notifications/notify-success';
import { useDirtyFlag } from '../../components/unsaved-changes/use-dirty-flag';
import type { ApiError } from '../../lib/api/api-error';
import { publishTemplate, saveTemplate, workflowKeys } from './api';
import { type DefinitionAction, definitionReducer } from './definition-reducer';
import { issuesOfApiErrors, publishIssues, shapeIssues } from './template-issues';

const sameIssue = (a: TemplateIssue, b: TemplateIssue) => a.path === b.path && a.message === b.message;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const confirmPublish = (version: number) =>
  confirm({
    title: `Publish version ${version}`,
    message:
      'Publishing makes this version permanent: it can no longer be changed, and later changes go into a new draft. Permits use it once the template is active.',
    confirmLabel: 'Publish',
  });

/**
 * The definition being edited, whether it differs from what was saved, and its problems: checked as it
 * changes, plus the server's last answer until the next edit.
 */
function useDraftState(template: WorkflowTemplate, context: PublishContext) {
  const queryClient = useQueryClient();
  const [definition, dispatch] = useReducer(definitionReducer, template.definition);
  const [saved, setSaved] = useState(template.definition);
  const [serverIssues, setServerIssues] = useState<TemplateIssue[]>([]);
  const dirty = useMemo(() => JSON.stringify(definition) !== JSON.stringify(saved), [definition, saved]);
  useDirtyFlag(`workflow-template-${template.id}`, dirty);

  const issues = useMemo(() => {
    const local = publishIssues(definition, context);
    return [...local, ...serverIssues.filter((issue) => !local.some((mine) => sameIssue(mine, issue)))];
  }, [definition, context, serverIssues]);

  const edit = useCallback((action: DefinitionAction) => {
    setServerIssues([]);
    dispatch(action);
  }, []);

  /** Takes the server's version as the saved state; its definition comes back trimmed and complete. */
  const accept = useCallback(
    (next: WorkflowTemplate) => {
      queryClient.setQueryData(workflowKeys.template(next.id), next);
      void queryClient.invalidateQueries({ queryKey: workflowKeys.allGroups(next.project.id) });
      setSaved(next.definition);
      dispatch({ type: 'load', definition: next.definition });
    },
    [queryClient],
  );

  return { definition, dirty, issues, edit, accept, setServerIssues };
}

/**
 * The designer's draft with saving and publishing. `onProblems` is told when a save or publish stops on
 * problems (with the definition they were found in), so that the page can point at the first.
 */
export function useTemplateEditor(
  template: WorkflowTemplate,
  context: PublishContext,
  onProblems: (issues: TemplateIssue[], definition: WorkflowDefinition) => void,
) {
  const { definition, dirty, issues, edit, accept, setServerIssues } = useDraftState(template, context);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  /** A publish was refused for the problems listed: the summary says so until one succeeds. */
  const [refused, setRefused] = useState(false);
  const { id, version } = template;
  const name = template.group.name;

  /** A refusal about the definition lands on its elements; anything else is the usual notification. */
  const onError = useCallback(
    (error: ApiError) => {
      const found = issuesOfApiErrors(error.errors);
      if (error.status !== 400 || found.length === 0) return notifyApiError(error);
      setServerIssues(found);
      setRefused(true);
      onProblems(found, definition);
    },
    [onProblems, definition, setServerIssues],
  );

  /** Saves the draft unless its shape would be refused; true when saved. */
  const send = useCallback(async () => {
    const shape = shapeIssues(definition);
    if (shape.length > 0) {
      onProblems(shape, definition);
      notify({ type: 'error', title: 'Not saved', message: `Fix ${plural(shape.length, 'problem')} first.` });
      return false;
    }
    try {
      accept(await saveTemplate(id, definition, onError));
      return true;
    } catch {
      return false;
    }
  }, [definition, id, accept, onError, onProblems]);

  const save = useCallback(async () => {
    setBusy('save');
    if (await send()) notifySuccess('Draft saved', `Version ${version} of ${name}.`);
    setBusy(null);
  }, [send, version, name]);

  const publish = useCallback(async () => {
    // No toast: it would cover the actions, and the summary above the stages lists each problem.
    if (issues.length > 0) {
      setRefused(true);
      onProblems(issues, definition);
      return;
    }
    if (!(await confirmPublish(version))) return;
    setBusy('publish');
    try {
      if (!dirty || (await send())) {
        accept(await publishTemplate(id, onError));
        setRefused(false);
        notifySuccess('Version published', `Version ${version} of ${name} is final.`);
      }
    } catch {
      // Shown by onError.
    } finally {
      setBusy(null);
    }
  }, [issues, definition, dirty, send, accept, onError, onProblems, id, version, name]);

  return { definition, edit, dirty, issues, refused, busy, save, publish };
}
