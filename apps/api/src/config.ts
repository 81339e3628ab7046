import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** The browser-facing origin; defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  DATABASE_URL: optionalString,
  OIDC_ISSUER: optionalUrl,
  OIDC_AUDIENCE: optionalString,
  OIDC_CLIENT_ID: optionalString,
  /** Comma-separated JWT `typ` header values accepted from an external provider. */
  OIDC_ACCEPTED_TYPES: z.string().default('at+jwt,JWT'),
  /** Comma-separated signature algorithms accepted on access tokens. */
  OIDC_ALGORITHMS: z.string().default('RS256,PS256,ES256'),
  REDIS_URL: optionalString,
  /** Trust X-Forwarded-* headers from a load balancer in front of the server. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HELP_CENTER_URL: z.url().default('https://help.crossarm.example/'),
  CONTACT_URL: z.url().default('https://support.crossarm.example/contact'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: optionalString,
  /** Failed sign-in attempts allowed per e-mail address within the window before sign-in is refused. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Let ArcGIS addresses resolve to private, loopback or link-local hosts. Off in production, where a pasted
   * address must not reach the servers beside this one; on elsewhere, for local stand-ins and test servers.
   */
  ARCGIS_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).optional(),
  /**
   * How far, in percent, the JavaScript heap may grow past what was alive at the last full collection before
   * the next one; 0 leaves it to the engine, which lets a small heap grow to several times its live size.
   */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(30),
});

export const DEFAULT_AUDIENCE = 'urn:crossarm:api';
export const EMBEDDED_CLIENT_ID = 'crossarm-web';

/** Identity settings: either the embedded provider mounted at /oidc, or an external issuer. */
export type IdentityConfig =
  | { mode: 'embedded'; issuer: string; audience: string; clientId: string }
  | { mode: 'external'; issuer: string; audience: string; clientId: string; acceptedTypes: string[] };

export type Config = ReturnType<typeof parseConfig>;

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const identity: IdentityConfig = e.OIDC_ISSUER
    ? {
        mode: 'external',
        issuer: e.OIDC_ISSUER.replace(/\/+$/, ''),
        audience: requireWith(e.OIDC_AUDIENCE, 'OIDC_AUDIENCE', 'OIDC_ISSUER'),
        clientId: requireWith(e.OIDC_CLIENT_ID, 'OIDC_CLIENT_ID', 'OIDC_ISSUER'),
        acceptedTypes: splitList(e.OIDC_ACCEPTED_TYPES),
      }
    : {
        mode: 'embedded',
        issuer: `${publicUrl}/oidc`,
        audience: e.OIDC_AUDIENCE ?? DEFAULT_AUDIENCE,
        clientId: EMBEDDED_CLIENT_ID,
      };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    filesDir: path.join(dataDir, 'files'),
    identity,
    algorithms: splitList(e.OIDC_ALGORITHMS),
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    helpCenterUrl: e.HELP_CENTER_URL,
    contactUrl: e.CONTACT_URL,
    seedDemo: e.SEED_DEMO === 'auto',
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES },
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    arcgis: {
      allowPrivateHosts: (e.ARCGIS_ALLOW_PRIVATE_HOSTS ?? String(e.NODE_ENV !== 'production')) === 'true',
    },
  };
}

function requireWith(value: string | undefined, name: string, because: string): string {
  if (!value) throw new Error(`Invalid configuration:\n  ${name}: required when ${because} is set`);
  return value;
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
