import {
  CustomView,
  CustomViewInput,
  DefaultViews,
  ViewId,
  ViewListItem,
  ViewPrefs,
  ViewPrefsInput,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import {
  clearDefaultView,
  favoriteView,
  saveViewPrefs,
  setDefaultView,
  unfavoriteView,
  viewPrefs,
} from './prefs.ts';
import { createView, defaultViews, deleteView, getView, manageViews, overwriteView } from './service.ts';

const tags = ['views'];
const BASE = '/api/joint-use/views';
const params = z.object({ id: ViewId });

/**
 * Saved views of the permit tracker, shared at Manage, Edit or View, and each person's default view and
 * favourites. The static paths (`default`, `manage`, `prefs`) take precedence over `{id}`; the system
 * dashboard ('default') is read through the dashboards.
 */
export async function viewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    BASE,
    {
      schema: {
        tags,
        summary:
          'Save a new view; the creator manages it, and the people and organizations it is shared with hear of it',
        body: CustomViewInput,
        response: okSchema(CustomView),
      },
    },
    async (request) => ok(await createView(contextOf(request), request.body)),
  );
  r.get(
    `${BASE}/default`,
    {
      schema: {
        tags,
        summary: "The caller's default table view ('All Permits' when none) and default map view",
        response: okSchema(DefaultViews),
      },
    },
    async (request) => ok(await defaultViews(contextOf(request))),
  );
  r.get(
    `${BASE}/manage`,
    {
      schema: {
        tags,
        summary: 'The views the caller sees: system views, then the default view, then by name',
        response: okSchema(z.array(ViewListItem)),
      },
    },
    async (request) => ok(await manageViews(contextOf(request))),
  );
  r.get(
    `${BASE}/prefs`,
    {
      schema: {
        tags,
        summary: "The caller's default view, favourites and folders, and every view the caller sees",
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await viewPrefs(contextOf(request))),
  );
  r.put(
    `${BASE}/prefs`,
    {
      schema: {
        tags,
        summary: "Replace the caller's default view, favourites and folders",
        body: ViewPrefsInput,
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await saveViewPrefs(contextOf(request), request.body)),
  );
  r.get(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'One view; 404 when it does not exist or the caller has no access',
        params,
        response: okSchema(CustomView),
      },
    },
    async (request) => ok(await getView(contextOf(request), request.params.id)),
  );
  r.put(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary:
          'Overwrite a view (Edit); changing who it is shared with needs Manage. System views are read-only',
        params,
        body: CustomViewInput,
        response: okSchema(CustomView),
      },
    },
    async (request) => ok(await overwriteView(contextOf(request), request.params.id, request.body)),
  );
  r.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: "Delete a view (Manage); it leaves everyone's favourites and defaults",
        params,
        response: okSchema(z.null()),
      },
    },
    async (request) => {
      await deleteView(contextOf(request), request.params.id);
      return ok(null);
    },
  );
  r.post(
    `${BASE}/:id/favorite`,
    {
      schema: {
        tags,
        summary: "Add a view to the caller's favourites, one above the last",
        params,
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await favoriteView(contextOf(request), request.params.id)),
  );
  r.delete(
    `${BASE}/:id/favorite`,
    {
      schema: {
        tags,
        summary: "Remove a view from the caller's favourites",
        params,
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await unfavoriteView(contextOf(request), request.params.id)),
  );
  r.put(
    `${BASE}/:id/default`,
    {
      schema: {
        tags,
        summary: "Make a table or map view the caller's default; it replaces the default of the other type",
        params,
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await setDefaultView(contextOf(request), request.params.id)),
  );
  r.delete(
    `${BASE}/:id/default`,
    {
      schema: {
        tags,
        summary: "Stop using a view as the caller's default ('All Permits' is the default again)",
        params,
        response: okSchema(ViewPrefs),
      },
    },
    async (request) => ok(await clearDefaultView(contextOf(request), request.params.id)),
  );
}
