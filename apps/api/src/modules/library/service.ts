import {
  type Application,
  type LibraryEntry,
  type LibraryEntryInput,
  type LibraryKind,
  type LibraryListQuery,
  type LibraryStatus,
  type Page,
  type SystemApp,
  USABLE_LIBRARY_LIMIT,
} from '@crossarm/shared';
import type { Db, Executor } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Session } from '../session/session.ts';
import { checkEntryNotInTemplates } from '../workflows/library-use.ts';
import { canManageLibrary, canUseLibrary, canViewLibrary } from './policy.ts';
import { checkNotReferenced, checkPropertyReferences } from './references.ts';
import {
  countActiveByKind,
  countOrganizationsByApplication,
  deleteEntry,
  findEntry,
  findEntryByName,
  insertEntry,
  isUniqueViolation,
  type LibraryEntryRow,
  type LibraryScope,
  listActiveEntries,
  listEntries,
  setEntryStatus,
  updateEntry,
} from './repo.ts';

/** The platform's applications as administrators see them; only Joint Use has a library so far. */
const APPLICATIONS: { application: Application; name: string; description: string; hasLibrary: boolean }[] = [
  {
    application: 'JointUse',
    name: 'Joint Use',
    description: 'Create and manage joint use permits.',
    hasLibrary: true,
  },
  {
    application: 'Engineering',
    name: 'Engineering',
    description: 'Create and manage engineering projects.',
    hasLibrary: false,
  },
  {
    application: 'Vegetation',
    name: 'Vegetation',
    description: 'Identify vegetation hazards and track their resolution.',
    hasLibrary: false,
  },
  {
    application: 'Resilience',
    name: 'Resilience',
    description: 'Grid reliability, modelling and risk analysis.',
    hasLibrary: false,
  },
  {
    application: 'Geospatial',
    name: 'Geospatial',
    description: 'View, manage and analyse 2D and 3D geospatial datasets.',
    hasLibrary: false,
  },
];

/** The API presentation of an entry (also what the audit log keeps before and after a change). */
export function presentEntry(row: LibraryEntryRow): LibraryEntry {
  return {
    id: row.id,
    kind: row.kind,
    application: row.application,
    name: row.name,
    description: row.description,
    status: row.status,
    fieldType: row.field_type,
    renderOptions: row.render_options,
    defaultDurationDays: row.default_duration_days,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    archivedAt: row.archived_at?.toISOString() ?? null,
  };
}

function requireView(session: Session) {
  if (!canViewLibrary(session))
    throw forbidden('Viewing applications and libraries needs the ViewApps permission.');
}

function requireManage(session: Session) {
  if (!canManageLibrary(session)) throw forbidden('Changing the library needs the ManageLibrary permission.');
}

/** The applications, how many organizations have each, and the active library entries of Joint Use. */
export async function listApps(db: Db, session: Session): Promise<SystemApp[]> {
  requireView(session);
  const [organizations, jointUse] = await Promise.all([
    countOrganizationsByApplication(db),
    countActiveByKind(db, 'JointUse'),
  ]);
  return APPLICATIONS.map(({ hasLibrary, ...app }) => ({
    ...app,
    organizationCount: organizations.get(app.application) ?? 0,
    libraryCounts: hasLibrary ? jointUse : null,
  }));
}

/** A page of one library for administrators. */
export async function listLibrary(
  db: Db,
  session: Session,
  kind: LibraryKind,
  query: LibraryListQuery,
): Promise<Page<LibraryEntry>> {
  requireView(session);
  const { items, total } = await listEntries(db, { application: query.application, kind }, query);
  return { items: items.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
}

/** The active entries of a kind, by name, for anyone building workflow templates. */
export async function listUsableEntries(
  db: Db,
  session: Session,
  kind: LibraryKind,
  application: Application,
): Promise<LibraryEntry[]> {
  if (!canUseLibrary(session)) throw forbidden();
  return (await listActiveEntries(db, { application, kind }, USABLE_LIBRARY_LIMIT)).map(presentEntry);
}

/** The columns an entry body sets, with the fields of other kinds left null. */
function columnsOf(kind: LibraryKind, input: LibraryEntryInput) {
  const isProperty = kind === 'property' && 'fieldType' in input;
  return {
    name: input.name,
    description: input.description?.trim() || null,
    field_type: isProperty ? input.fieldType : null,
    render_options: isProperty ? JSON.stringify(input.renderOptions) : null,
    default_duration_days:
      kind === 'task' && 'defaultDurationDays' in input ? (input.defaultDurationDays ?? null) : null,
  };
}

async function checkNameFree(db: Executor, scope: LibraryScope, name: string, exceptId?: string) {
  const existing = await findEntryByName(db, scope, name);
  if (existing && existing.id !== exceptId) {
    const archived = existing.status === 'Archived' ? ' (archived)' : '';
    throw conflict(
      `A ${scope.kind} named '${existing.name}'${archived} already exists. Choose another name.`,
    );
  }
}

/** Two writers racing for one name: the unique index decides, and the loser gets the same 409. */
async function withNameGuard<T>(scope: LibraryScope, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`A ${scope.kind} named '${name}' already exists. Choose another name.`);
    throw error;
  }
}

async function checkInput(
  db: Executor,
  scope: LibraryScope,
  input: LibraryEntryInput,
  existing: LibraryEntryRow | null,
) {
  if (existing) await checkNotReferenced(db, existing, { rename: input.name });
  await checkNameFree(db, scope, input.name, existing?.id);
  if (scope.kind === 'property' && 'fieldType' in input) {
    await checkPropertyReferences(db, scope.application, input, existing);
  }
}

/** Creates an entry; its name must be free in its kind, and what it refers to must exist. */
export async function createLibraryEntry(
  db: Db,
  session: Session,
  scope: LibraryScope,
  input: LibraryEntryInput,
): Promise<LibraryEntry> {
  requireManage(session);
  return withNameGuard(scope, input.name, () =>
    db.transaction().execute(async (trx) => {
      await checkInput(trx, scope, input, null);
      const row = await insertEntry(trx, {
        ...columnsOf(scope.kind, input),
        application: scope.application,
        kind: scope.kind,
        created_by: session.user.id,
        updated_by: session.user.id,
        updated_at: new Date(),
      });
      const entry = presentEntry(row);
      await recordAudit(trx, session, {
        action: 'library-entry.create',
        targetType: 'library-entry',
        targetId: row.id,
        after: entry,
      });
      return entry;
    }),
  );
}

/** Loads an entry of the kind for a change, locking it for the rest of the transaction. */
async function loadForChange(db: Executor, kind: LibraryKind, id: string): Promise<LibraryEntryRow> {
  const row = await findEntry(db, kind, id, true);
  if (!row) throw notFound(`The ${kind} library entry`);
  return row;
}

/** Replaces an entry's fields. */
export async function updateLibraryEntry(
  db: Db,
  session: Session,
  kind: LibraryKind,
  id: string,
  input: LibraryEntryInput,
): Promise<LibraryEntry> {
  requireManage(session);
  return db.transaction().execute(async (trx) => {
    const existing = await loadForChange(trx, kind, id);
    const scope = { application: existing.application, kind };
    return withNameGuard(scope, input.name, async () => {
      await checkInput(trx, scope, input, existing);
      const row = await updateEntry(trx, id, {
        ...columnsOf(kind, input),
        updated_by: session.user.id,
        updated_at: new Date(),
      });
      const entry = presentEntry(row);
      await recordAudit(trx, session, {
        action: 'library-entry.update',
        targetType: 'library-entry',
        targetId: id,
        before: presentEntry(existing),
        after: entry,
      });
      return entry;
    });
  });
}

/** Archives (no longer offered to template designers) or unarchives an entry. */
export async function setLibraryEntryStatus(
  db: Db,
  session: Session,
  kind: LibraryKind,
  id: string,
  status: LibraryStatus,
): Promise<LibraryEntry> {
  requireManage(session);
  return db.transaction().execute(async (trx) => {
    const existing = await loadForChange(trx, kind, id);
    if (existing.status === status) {
      throw conflict(
        `The ${kind} '${existing.name}' is already ${status === 'Archived' ? 'archived' : 'active'}.`,
      );
    }
    const entry = presentEntry(await setEntryStatus(trx, id, status, session.user.id));
    await recordAudit(trx, session, {
      action: status === 'Archived' ? 'library-entry.archive' : 'library-entry.unarchive',
      targetType: 'library-entry',
      targetId: id,
      before: presentEntry(existing),
      after: entry,
    });
    return entry;
  });
}

/** Deletes an entry for good, unless other entries or workflow templates refer to it. */
export async function deleteLibraryEntry(
  db: Db,
  session: Session,
  kind: LibraryKind,
  id: string,
): Promise<{ id: string }> {
  requireManage(session);
  await db.transaction().execute(async (trx) => {
    const existing = await loadForChange(trx, kind, id);
    await checkNotReferenced(trx, existing, { delete: true });
    await checkEntryNotInTemplates(trx, existing);
    await deleteEntry(trx, id);
    await recordAudit(trx, session, {
      action: 'library-entry.delete',
      targetType: 'library-entry',
      targetId: id,
      before: presentEntry(existing),
    });
  });
  return { id };
}
