import {
  Application,
  LibraryEntry,
  LibraryEntryInputs,
  LibraryKind,
  LibraryListQuery,
  libraryPath,
  pageOf,
  SystemApp,
  UsableLibraryQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../http/envelope.ts';
import {
  createLibraryEntry,
  deleteLibraryEntry,
  listApps,
  listLibrary,
  listUsableEntries,
  setLibraryEntryStatus,
  updateLibraryEntry,
} from './service.ts';

const tags = ['library'];
const IdParams = z.object({ id: z.uuid() });
const ApplicationQuery = z.object({ application: Application.default('JointUse') });

/** The library of system administration, and the active entries workflow templates are built from. */
export async function libraryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/system/apps',
    {
      schema: {
        tags,
        summary: 'The applications, how many organizations use each, and their library counts',
        response: okSchema(z.array(SystemApp)),
      },
    },
    async (request) => ok(await listApps(app.db, request.session)),
  );

  for (const kind of LibraryKind.options) registerAdminKind(app, kind);

  for (const kind of ['stage', 'task', 'property'] as const) {
    r.get(
      `/api/projects/${libraryPath(kind)}`,
      {
        schema: {
          tags,
          summary: `The active ${kind} library entries, by name, for building workflow templates`,
          querystring: UsableLibraryQuery,
          response: okSchema(z.array(LibraryEntry)),
        },
      },
      async (request) =>
        ok(await listUsableEntries(app.db, request.session, kind, request.query.application)),
    );
  }
}

/** List, create, replace, delete, archive and unarchive for one kind of entry. */
function registerAdminKind(app: FastifyInstance, kind: LibraryKind) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = `/api/admin/system/apps/${libraryPath(kind)}`;
  const body = LibraryEntryInputs[kind];

  r.get(
    path,
    {
      schema: {
        tags,
        summary: `A page of ${kind} library entries`,
        querystring: LibraryListQuery,
        response: okSchema(pageOf(LibraryEntry)),
      },
    },
    async (request) => ok(await listLibrary(app.db, request.session, kind, request.query)),
  );

  r.post(
    path,
    {
      schema: {
        tags,
        summary: `Create a ${kind} library entry`,
        querystring: ApplicationQuery,
        body,
        response: okSchema(LibraryEntry),
      },
    },
    async (request) =>
      ok(
        await createLibraryEntry(
          app.db,
          request.session,
          { application: request.query.application, kind },
          request.body,
        ),
        'Created',
      ),
  );

  r.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Replace a ${kind} library entry`,
        params: IdParams,
        body,
        response: okSchema(LibraryEntry),
      },
    },
    async (request) =>
      ok(await updateLibraryEntry(app.db, request.session, kind, request.params.id, request.body)),
  );

  r.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a ${kind} library entry`,
        params: IdParams,
        response: okSchema(z.object({ id: z.uuid() })),
      },
    },
    async (request) => ok(await deleteLibraryEntry(app.db, request.session, kind, request.params.id)),
  );

  for (const [action, status] of [
    ['archive', 'Archived'],
    ['unarchive', 'Active'],
  ] as const) {
    r.post(
      `${path}/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'archive' ? 'Archive' : 'Unarchive'} a ${kind} library entry`,
          params: IdParams,
          response: okSchema(LibraryEntry),
        },
      },
      async (request) =>
        ok(await setLibraryEntryStatus(app.db, request.session, kind, request.params.id, status)),
    );
  }
}
