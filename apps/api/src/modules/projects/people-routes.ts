import {
  Option,
  OptionsQuery,
  OrganizationOptionsQuery,
  ProjectNotificationPrefs,
  ProjectNotificationPrefsInput,
  ProjectUser,
  Recent,
  UserOption,
  UserOptionsQuery,
} from '@crossarm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/context.ts';
import { ok, okSchema } from '../../http/envelope.ts';
import { listOrganizationOptions, listProjectOptions, listProjectUsers, listUserOptions } from './people.ts';
import { getNotificationPrefs, setNotificationPrefs } from './preferences.ts';
import { markProjectViewed } from './recents.ts';

const tags = ['projects'];
const idParams = z.object({ id: z.uuid() });

/** The caller's own side of projects (notification settings, recents) and the people and options they see. */
export function projectPeopleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const prefsSchema = okSchema(ProjectNotificationPrefs);
  r.get(
    '/api/projects/:id/notification-prefs',
    {
      schema: {
        tags,
        summary: "The caller's notification settings for a project",
        params: idParams,
        response: prefsSchema,
      },
    },
    async (request) => ok(await getNotificationPrefs(contextOf(request), request.params.id)),
  );
  r.put(
    '/api/projects/:id/notification-prefs',
    {
      schema: {
        tags,
        summary: "Change the caller's notification settings for a project",
        params: idParams,
        body: ProjectNotificationPrefsInput,
        response: prefsSchema,
      },
    },
    async (request) => ok(await setNotificationPrefs(contextOf(request), request.params.id, request.body)),
  );
  r.put(
    '/api/joint-use/projects/:id/viewed',
    {
      schema: {
        tags,
        summary: "Put a project at the top of the caller's recents",
        params: idParams,
        response: okSchema(Recent),
      },
    },
    async (request) => ok(await markProjectViewed(contextOf(request), request.params.id)),
  );
  r.get(
    '/api/joint-use/projects/:id/users',
    {
      schema: {
        tags,
        summary: 'People of a project the caller may pick',
        params: idParams,
        querystring: OptionsQuery,
        response: okSchema(z.array(ProjectUser)),
      },
    },
    async (request) =>
      ok(await listProjectUsers(contextOf(request), request.params.id, request.query.filter)),
  );
  r.get(
    '/api/joint-use/options/users',
    {
      schema: {
        tags,
        summary: 'People the caller may see, for pickers (ids=a,b: only those, to name them)',
        querystring: UserOptionsQuery,
        response: okSchema(z.array(UserOption)),
      },
    },
    async (request) =>
      ok(
        await listUserOptions(
          contextOf(request),
          request.query.filter,
          request.query.projectId,
          request.query.ids,
        ),
      ),
  );
  const idNameOptions = [
    ['projects', "The caller organization's projects, for pickers", OptionsQuery, listProjectOptions],
    [
      'organizations',
      'Organizations the caller may see, for pickers (related=true: only those it shares projects with)',
      OrganizationOptionsQuery,
      listOrganizationOptions,
    ],
  ] as const;
  for (const [kind, summary, querystring, list] of idNameOptions) {
    r.get(
      `/api/joint-use/options/${kind}`,
      { schema: { tags, summary, querystring, response: okSchema(z.array(Option)) } },
      async (request) => {
        const query: { filter?: string; related?: boolean } = request.query;
        return ok(await list(contextOf(request), query.filter, query.related));
      },
    );
  }
}
