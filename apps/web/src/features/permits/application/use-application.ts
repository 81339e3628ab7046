import type { Completeness, PermitDraftSummary } from '@crossarm/shared';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/dialogs/confirm';
import { notify } from '../../../components/notifications/notify';
import { notifyApiError } from '../../../components/notifications/notify-api-error';
import { notifySuccess } from '../../../components/notifications/notify-success';
import { clearAllDirtyFlags } from '../../../components/unsaved-changes/dirty-flags-store';
import { useDirtyFlag } from '../../../components/unsaved-changes/use-dirty-flag';
import type { ApiError } from '../../../lib/api/api-error';
import { fetchMapMetadata, mapDataKeys } from '../../projects/map-data/map-data-api';
import { fetchRestrictionCheck, setupKeys } from '../../projects/setup-api';
import { pickedOf } from '../map/pole-selection';
import { permitKeys } from '../permit-keys';
import { fetchProjectUsers } from '../workflow/api';
import {
  applicationKeys,
  attachPermitFiles,
  checkCompleteness,
  deleteDraft,
  fetchApplicableProjects,
  fetchApplicationForm,
  fetchDraft,
  fetchDrafts,
  fetchProjectPoles,
  saveDraft,
  submitApplication,
} from './application-api';
import {
  type ApplicationDraftState,
  applicationErrors,
  applicationFormData,
  blankApplication,
  draftInput,
  formFields,
  POLES_KEY,
  serverFieldErrors,
  snapshotOf,
  stateFromDraft,
  valuesToSend,
} from './application-state';

export const PROJECT_KEY = 'project';

interface ApplicationParams {
  /** `?draft=`: the draft to open. */
  draftId: string | null;
  /** `?project=`: the project to start on. */
  projectId: string | null;
  /** Changes the page's query string (opening or leaving a draft). */
  setParams: (params: { draft?: string | null; project?: string | null }) => void;
}

/** The application page's data and actions: the form state, its drafts, the checks and the submission. */
export function useApplication({ draftId, projectId: initialProject, setParams }: ApplicationParams) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<ApplicationDraftState>(() => blankApplication(initialProject));
  const [baseline, setBaseline] = useState(() => snapshotOf(blankApplication(initialProject)));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [newFiles, setNewFiles] = useState<Record<string, File[]>>({});
  const [attachments, setAttachments] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [completeness, setCompleteness] = useState<Completeness | null>(null);
  const [busy, setBusy] = useState<'check' | 'draft' | 'submit' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /** The permit just created: the page leaves for it once nothing counts as unsaved any more. */
  const [created, setCreated] = useState<string | null>(null);
  /** The draft whose content the page holds, so saving a new draft does not load it again. */
  const loadedDraft = useRef<string | null>(null);

  const drafts = useQuery({
    queryKey: applicationKeys.drafts(),
    queryFn: ({ signal }) => fetchDrafts(signal),
  });
  const draft = useQuery({
    queryKey: applicationKeys.draft(draftId ?? ''),
    queryFn: ({ signal }) => fetchDraft(draftId!, signal),
    enabled: draftId !== null && draftId !== loadedDraft.current,
    retry: false,
  });
  useEffect(() => {
    if (!draft.data || draft.data.id === loadedDraft.current) return;
    loadedDraft.current = draft.data.id;
    const next = stateFromDraft(draft.data);
    setState(next);
    setBaseline(snapshotOf(next));
    setTemplateId(draft.data.templateId);
    setNewFiles({});
    setAttachments([]);
    setErrors({});
    setCompleteness(null);
  }, [draft.data]);

  const projects = useQuery({
    queryKey: applicationKeys.projects(),
    queryFn: ({ signal }) => fetchApplicableProjects(signal),
  });
  const checks = useQueries({
    queries: (projects.data?.items ?? []).map((project) => ({
      queryKey: setupKeys.check(project.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRestrictionCheck(project.id, signal),
    })),
  });
  const choices = projects.data?.items.map((project, index) => ({ project, check: checks[index]?.data }));

  const projectId = state.projectId;
  const form = useQuery({
    queryKey: applicationKeys.form(projectId ?? '', templateId),
    queryFn: ({ signal }) => fetchApplicationForm(projectId!, templateId, signal),
    enabled: projectId !== null,
    retry: false,
  });
  // A draft's version may no longer take applications: the newest one does.
  useEffect(() => {
    if (form.isError && templateId !== null) setTemplateId(null);
  }, [form.isError, templateId]);
  const fields = useMemo(() => formFields(form.data), [form.data]);

  const poles = useQuery({
    queryKey: applicationKeys.poles(projectId ?? ''),
    queryFn: ({ signal }) => fetchProjectPoles(projectId!, signal),
    enabled: projectId !== null,
    staleTime: 60_000,
  });
  const known = useMemo(
    () =>
      poles.data ? new Map(poles.data.features.map((f) => [pickedOf(f).externalId, pickedOf(f)])) : undefined,
    [poles.data],
  );
  const mapMetadata = useQuery({
    queryKey: mapDataKeys.metadata(projectId ?? ''),
    queryFn: ({ signal }) => fetchMapMetadata(projectId!, signal),
    enabled: projectId !== null,
  });
  const people = useQuery({
    queryKey: permitKeys.projectPeople(projectId ?? ''),
    queryFn: ({ signal }) => fetchProjectUsers(projectId!, signal),
    enabled: projectId !== null && fields.some((field) => field.fieldType === 'User'),
  });
  const userOptions = useMemo(
    () => (people.data ?? []).map((person) => ({ value: person.id, label: person.name })),
    [people.data],
  );

  const hasFiles = attachments.length > 0 || Object.values(newFiles).some((files) => files.length > 0);
  const dirty = created === null && (snapshotOf(state) !== baseline || hasFiles);
  useDirtyFlag('permit-application', dirty);
  useEffect(() => {
    if (!created) return;
    // The guard reads the flags when the navigation starts: clear them and leave on the next tick.
    clearAllDirtyFlags();
    const timer = setTimeout(() => navigate(`/permitting/${created}/workflow`), 0);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });

  const update = (patch: Partial<ApplicationDraftState>) => {
    setState((current) => ({ ...current, ...patch }));
    setCompleteness(null);
  };

  const setProject = (next: string | null) => {
    if (next === state.projectId) return;
    // Another project has another form and other poles: what was filled in does not carry over.
    setState({ ...blankApplication(next), location: state.location });
    setTemplateId(null);
    setNewFiles({});
    setErrors({});
    setCompleteness(null);
    setParams({ project: next, draft: draftId });
  };

  const setValue = (propertyEntryId: string, value: unknown) => {
    update({ values: { ...state.values, [propertyEntryId]: value } });
    clearError(propertyEntryId);
  };

  /** Field errors of a refused call go on their fields; anything else is the usual notification. */
  const onApiError = (sent: ReturnType<typeof valuesToSend>, title: string) => (error: ApiError) => {
    const mapped = error.status === 400 ? serverFieldErrors(error.errors, sent) : {};
    if (Object.keys(mapped).length > 0) {
      setErrors(mapped);
      notify({ type: 'error', title, message: 'Some fields need attention; each says what to change.' });
    } else notifyApiError(error, title);
  };

  const requireProject = () => {
    if (state.projectId) return state.projectId;
    setErrors({ [PROJECT_KEY]: 'Choose the project to apply on' });
    return null;
  };

  const check = async () => {
    const project = requireProject();
    if (!project) return;
    setBusy('check');
    try {
      const values = valuesToSend(fields, state.values);
      // Files travel only with the application itself: the check is told which File properties have some.
      const fileProperties = Object.entries(newFiles)
        .filter(([, files]) => files.length > 0)
        .map(([id]) => id);
      const result = await checkCompleteness(
        { projectId: project, templateId: form.data?.templateId, values, fileProperties },
        onApiError(values, 'The completeness check did not run'),
      );
      const { missing } = result;
      setCompleteness({ complete: missing.length === 0, missing });
    } catch {
      // Reported by the handler.
    } finally {
      setBusy(null);
    }
  };

  const saveAsDraft = async () => {
    const project = requireProject();
    if (!project) return;
    setBusy('draft');
    const input = draftInput({ ...state, projectId: project }, fields, form.data?.templateId ?? null);
    try {
      const saved = await saveDraft(
        loadedDraft.current,
        input,
        onApiError(input.values ?? [], 'The draft was not saved'),
      );
      loadedDraft.current = saved.id;
      setBaseline(snapshotOf(state));
      queryClient.setQueryData(applicationKeys.draft(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: applicationKeys.drafts() });
      notifySuccess(
        draftId ? 'Draft updated' : 'Draft saved',
        hasFiles ? 'Files are not kept with a draft: choose them again before submitting.' : undefined,
      );
      if (draftId !== saved.id) setParams({ draft: saved.id, project: null });
    } catch {
      // Reported by the handler.
    } finally {
      setBusy(null);
    }
  };

  const submit = async () => {
    const project = requireProject();
    if (!project) return;
    const found = applicationErrors(fields, state.values, newFiles);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      notify({
        type: 'error',
        title: 'The application is not complete',
        message: `${Object.keys(found).length} ${Object.keys(found).length === 1 ? 'field needs' : 'fields need'} attention; each says what to change.`,
      });
      return found;
    }
    setBusy('submit');
    setProgress(0);
    const { body, values } = applicationFormData(
      { ...state, projectId: project },
      fields,
      form.data?.templateId ?? null,
      newFiles,
    );
    try {
      const created = await submitApplication(
        body,
        setProgress,
        onApiError(values, 'The application was not submitted'),
      );
      let filesNote: string | undefined;
      if (attachments.length > 0) {
        setProgress(0);
        try {
          await attachPermitFiles(created.id, attachments, setProgress);
        } catch {
          filesNote = 'Its attachments could not be uploaded: add them on the permit’s Files.';
        }
      }
      if (loadedDraft.current) await deleteDraft(loadedDraft.current, 'silent').catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: permitKeys.all });
      notifySuccess(`Permit ${created.permitNumber} created`, filesNote);
      setCreated(created.id);
    } catch {
      // Reported by the handler.
    } finally {
      setBusy(null);
      setProgress(null);
    }
    return undefined;
  };

  const startOver = () => {
    loadedDraft.current = null;
    const next = blankApplication(null);
    setState(next);
    setBaseline(snapshotOf(next));
    setTemplateId(null);
    setNewFiles({});
    setAttachments([]);
    setErrors({});
    setCompleteness(null);
    setParams({ draft: null, project: null });
  };

  const openDraft = async (summary: PermitDraftSummary) => {
    if (
      dirty &&
      !(await confirm({
        title: 'Open draft',
        message: 'Open this draft and discard your unsaved changes?',
        confirmLabel: 'Open draft',
      }))
    ) {
      return;
    }
    loadedDraft.current = null;
    setParams({ draft: summary.id, project: null });
  };

  const removeDraft = async (summary: PermitDraftSummary) => {
    const ok = await confirm({
      title: 'Delete draft',
      message: `Delete the draft for ${summary.project.name}? This cannot be undone.`,
      confirmLabel: 'Delete',
      confirmColor: 'red',
    });
    if (!ok) return;
    try {
      await deleteDraft(summary.id);
      queryClient.removeQueries({ queryKey: applicationKeys.draft(summary.id) });
      await queryClient.invalidateQueries({ queryKey: applicationKeys.drafts() });
      notifySuccess('Draft deleted');
      if (summary.id === loadedDraft.current) startOver();
    } catch {
      // Reported by the client.
    }
  };

  return {
    state,
    update,
    setProject,
    setValue,
    setPoles: (poleIds: string[]) => {
      update({ poleIds });
      clearError(POLES_KEY);
    },
    clearError,
    errors,
    fields,
    form,
    choices,
    projectsError: projects.isError,
    retryProjects: () => void projects.refetch(),
    drafts: drafts.data ?? [],
    draftMissing: draftId !== null && draft.isError,
    draftLoading: draftId !== null && draft.isPending && draftId !== loadedDraft.current,
    openDraftId: loadedDraft.current,
    known,
    polesPartial: poles.data?.truncated ?? false,
    bbox: mapMetadata.data?.bbox ?? null,
    userOptions,
    newFiles,
    setNewFiles: (propertyEntryId: string, files: File[]) => {
      setNewFiles((current) => ({ ...current, [propertyEntryId]: files }));
      clearError(propertyEntryId);
    },
    attachments,
    setAttachments,
    completeness,
    busy,
    progress,
    dirty,
    check,
    saveAsDraft,
    submit,
    startOver,
    openDraft,
    removeDraft,
  };
}

export type ApplicationModel = ReturnType<typeof useApplication>;
