import type { LibraryEntry, TimerPreset, WorkflowDefinition } from '@crossarm/shared';
import { createContext, useContext } from 'react';
import type { DesignerLibraryKind } from './api';
import type { DefinitionAction } from './definition-reducer';
import type { IssueIndex, LocatedIssue } from './template-issues';

/** What the side panel shows: a stage's settings or a task's. */
export type PanelSelection = { kind: 'stage'; stageKey: string } | { kind: 'task'; taskKey: string };

/** A person named as a default assignee, as the designer shows them. */
export interface KnownUser {
  id: string;
  name: string;
  organizationName: string | null;
}

/** What every part of the designer reads and how it changes the definition. */
export interface DesignerContextValue {
  projectId: string;
  definition: WorkflowDefinition;
  edit: (action: DefinitionAction) => void;
  /** A published version, an archived group, or someone who may not change it: nothing can be edited. */
  readOnly: boolean;
  /** Empty when read-only: a published version has passed its checks. */
  issues: IssueIndex;
  /** Every library entry the designer knows, by id: those the template names and those it may use. */
  entries: ReadonlyMap<string, LibraryEntry>;
  /** The active entries of each kind, offered in the pickers. */
  library: Record<DesignerLibraryKind, LibraryEntry[]>;
  presets: TimerPreset[];
  /** People named as default assignees (or just picked), by id. */
  users: ReadonlyMap<string, KnownUser>;
  rememberUsers: (users: KnownUser[]) => void;
  open: (selection: PanelSelection) => void;
  /** Scrolls to the element a problem concerns, opening its panel when the field sits there. */
  reveal: (issue: LocatedIssue) => void;
}

export const DesignerContext = createContext<DesignerContextValue | null>(null);

/** The designer's state and actions; only usable inside the designer. */
export function useDesigner(): DesignerContextValue {
  const value = useContext(DesignerContext);
  if (!value) throw new Error('useDesigner must be used inside the workflow designer.');
  return value;
}
