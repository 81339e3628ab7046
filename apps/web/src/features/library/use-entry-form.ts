import type { LibraryEntry, LibraryKind } from '@crossarm/shared';
import { useMemo, useState } from 'react';
import { draftFromEntry, type EntryDraft, emptyDraft, type FormErrors, validateDraft } from './library-form';

/** Form state: the draft, which fields were left (errors show after blur or a save attempt), server errors. */
export function useEntryForm(kind: LibraryKind, entry: LibraryEntry | null) {
  const initial = useMemo(() => (entry ? draftFromEntry(entry) : emptyDraft()), [entry]);
  const [draft, setDraftState] = useState<EntryDraft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const validation = useMemo(() => validateDraft(kind, draft), [kind, draft]);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);

  const setDraft = (update: (d: EntryDraft) => EntryDraft) => {
    setDraftState(update);
    setServerErrors({});
  };
  const touch = (path: string) => setTouched((current) => new Set(current).add(path));
  const errorFor = (path: string): string | undefined =>
    serverErrors[path] ??
    (submitted || touched.has(path) ? (validation.errors?.[path] ?? undefined) : undefined);
  return { draft, setDraft, touch, errorFor, dirty, validation, setSubmitted, setServerErrors };
}

export type EntryForm = ReturnType<typeof useEntryForm>;
