import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { Db, Executor } from './db/database.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { type IdentityKeys, loadIdentityKeys } from './identity/keys.ts';
import { createProvider } from './identity/provider.ts';
import { registerIdentityRoutes } from './identity/routes.ts';
import { createTokenVerifier, type TokenVerifier } from './identity/token-verifier.ts';
import { createLogMailer, type Mailer } from './mail/mailer.ts';
import { mailOutboxRoutes } from './modules/admin/mail-routes.ts';
import { ownOrganizationRoutes } from './modules/admin/organization-routes.ts';
import { bulkRoutes } from './modules/bulk/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { geodataRoutes } from './modules/geodata/routes.ts';
import { legalRoutes } from './modules/legal/routes.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { myWorkRoutes } from './modules/my-work/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { overviewExportRoutes } from './modules/overview/export-routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { permitApplyRoutes } from './modules/permits/apply-routes.ts';
import { permitCommentRoutes } from './modules/permits/comment-routes.ts';
import { permitFileRoutes } from './modules/permits/file-routes.ts';
import { permitLifecycleRoutes } from './modules/permits/lifecycle-routes.ts';
import { permitReadRoutes } from './modules/permits/read-routes.ts';
import { permitReportRoutes } from './modules/permits/report-routes.ts';
import { permitRoutes } from './modules/permits/routes.ts';
import { permitTaskRoutes } from './modules/permits/task-routes.ts';
import { permitTimerRoutes } from './modules/permits/timers-routes.ts';
import { platformRoutes } from './modules/platform/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { systemUserRoutes } from './modules/users/routes-system.ts';
import { viewRoutes } from './modules/views/routes.ts';
import { workflowRoutes } from './modules/workflows/routes.ts';
import { type AuthOptions, registerAuthentication } from './plugins/auth.ts';
import { registerErrorHandler, sendRouteNotFound } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import {
  createPublisher,
  type EventInput,
  type Publisher,
  recordEvent,
  recordEvents,
} from './realtime/outbox.ts';
import { hubAccess } from './realtime/permit-room.ts';
import { createLocalStorage, type FileStorage } from './storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    hub: Hub;
    mailer: Mailer;
    storage: FileStorage;
    events: {
      /** Records an event in the caller's transaction; it is published once that transaction commits. */
      record(db: Executor, event: EventInput): Promise<void>;
      /** Records many events in one statement, in the order given. */
      recordAll(db: Executor, events: EventInput[]): Promise<void>;
      /** Publishes committed events now; call after a transaction that recorded events commits. */
      flush(): Promise<number>;
    };
  }
}

export interface AppDependencies {
  config: Config;
  db: Db;
  /** Replaces the provider's keys (tests); by default they are loaded from the database. */
  identityKeys?: IdentityKeys;
}

/** The largest upload the server reads; each endpoint sets its own, lower limit. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Secrets that never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
];

/** Builds the whole server: plugins first, then the modules, with one error handler. */
export async function buildApp({ config, db, identityKeys }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: REDACT },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  registerErrorHandler(app);
  registerInputGuard(app);

  // The project map draws OpenStreetMap's raster tiles; MapLibre fetches them, then paints them as images.
  const basemapTiles = 'https://tile.openstreetmap.org';
  // The security headers of every answer, from a middleware built once (rather than once a request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', basemapTiles],
        // Plain-HTTP deployments (a laptop, a test run) must not have their requests rewritten to https.
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
        'worker-src': ["'self'", 'blob:'],
        'connect-src': [
          "'self'",
          basemapTiles,
          ...(config.identity.mode === 'external' ? [new URL(config.identity.issuer).origin] : []),
        ],
        'form-action': [
          "'self'",
          ...(config.identity.mode === 'external' ? [new URL(config.identity.issuer).origin] : []),
        ],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  const auth = await identity(app, config, db, identityKeys);
  registerAuthentication(app, auth);
  await registerOpenApi(app);

  const hub = await createHub(app.server, auth, app.log, config.redisUrl, hubAccess(app));
  const publisher: Publisher = createPublisher(db, hub.emit);
  app.decorate('hub', hub);
  app.decorate('events', { record: recordEvent, recordAll: recordEvents, flush: publisher.flush });
  const mailer = createLogMailer(db, app.log, config.env !== 'production');
  app.decorate('mailer', mailer);
  app.decorate('storage', createLocalStorage(config.filesDir));
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES } });
  app.addHook('preClose', async () => {
    await publisher.stop();
    await hub.close();
  });

  await app.register(sessionRoutes);
  await app.register(legalRoutes);
  await app.register(libraryRoutes);
  await app.register(platformRoutes, { config });
  await app.register(fileRoutes);
  await app.register(organizationRoutes);
  await app.register(systemUserRoutes);
  await app.register(ownOrganizationRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(projectRoutes);
  await app.register(workflowRoutes);
  await app.register(geodataRoutes);
  await app.register(permitRoutes);
  await app.register(permitApplyRoutes);
  await app.register(permitTaskRoutes);
  await app.register(permitReadRoutes);
  await app.register(permitTimerRoutes);
  await app.register(permitCommentRoutes);
  await app.register(permitFileRoutes);
  await app.register(permitReportRoutes);
  await app.register(permitLifecycleRoutes);
  await app.register(bulkRoutes);
  await app.register(overviewRoutes);
  await app.register(viewRoutes);
  await app.register(overviewExportRoutes);
  await app.register(myWorkRoutes);

  const sendApp = await registerStaticWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    if (sendApp?.(request, reply)) return reply;
    return sendRouteNotFound(request, reply);
  });
  return app;
}

/** Sets up how tokens are verified: the embedded provider at /oidc, or an external issuer. */
async function identity(
  app: FastifyInstance,
  config: Config,
  db: Db,
  keys?: IdentityKeys,
): Promise<AuthOptions> {
  const { identity: settings } = config;
  if (settings.mode === 'external') {
    const verifyToken: TokenVerifier = createTokenVerifier(settings, config.algorithms, null);
    return { db, verifyToken, subjectIsUserId: false };
  }
  const identityKeys = keys ?? (await loadIdentityKeys(db));
  const provider = createProvider({
    db,
    issuer: settings.issuer,
    audience: settings.audience,
    clientId: settings.clientId,
    appOrigin: config.publicUrl,
    keys: identityKeys,
    proxy: config.trustProxy,
  });
  await registerIdentityRoutes(app, {
    db,
    provider,
    clientId: settings.clientId,
    audience: settings.audience,
    appOrigin: config.publicUrl,
    limits: config.login,
  });
  return {
    db,
    verifyToken: createTokenVerifier(settings, config.algorithms, identityKeys),
    subjectIsUserId: true,
  };
}
