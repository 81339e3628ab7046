/**
 * How the user administration lists grow with the number of users: a page of the system users list (sorted
 * by name, by e-mail, and with a search) at 10 and at 10,000 users, through the real HTTP stack.
 *
 *   node --import tsx bench/admin-users.ts                      # PGlite
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/admin-users.ts
 */
import { performance } from 'node:perf_hooks';
import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { parseConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { loadIdentityKeys } from '../apps/api/src/identity/keys.ts';

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dir: `memory://bench-${Date.now()}` },
);
const { db } = database;
await migrateToLatest(db);
const config = parseConfig({
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  DATA_DIR: '/tmp/crossarm-bench',
});
const keys = await loadIdentityKeys(db);
const app = await buildApp({ config, db, identityKeys: keys });
await app.ready();

const org = await db
  .insertInto('organizations')
  .values({ name: `Bench Org ${Date.now()}`, updated_at: new Date() })
  .returning('id')
  .executeTakeFirstOrThrow();
const admin = await db
  .insertInto('users')
  .values({
    email: `bench-admin-${Date.now()}@bench.example`,
    first_name: 'Bench',
    last_name: 'Admin',
    status: 'Active',
    role: 'Admin',
    organization_id: org.id,
    updated_at: new Date(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('user_system_permissions')
  .values({ user_id: admin.id, permission: 'ViewUsers' })
  .execute();
const jwk = keys.signing[0]!;
const token = await new SignJWT({ scope: 'api' })
  .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
  .setIssuer(config.identity.issuer)
  .setAudience(config.identity.audience)
  .setSubject(admin.id)
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(await importJWK(jwk, 'RS256'));

async function addUsers(count: number) {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const start = Number(n);
  for (let offset = 0; offset < count; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - offset) }, (_, i) => {
      const k = start + offset + i;
      return {
        email: `user${k}@bench${k % 50}.example`,
        first_name: `First${k % 997}`,
        last_name: `Last${k % 1009}`,
        status: (k % 10 === 0 ? 'Inactive' : 'Active') as 'Active' | 'Inactive',
        role: 'User' as const,
        organization_id: org.id,
        updated_at: new Date(),
      };
    });
    await db.insertInto('users').values(batch).execute();
  }
  await sql`ANALYZE users`.execute(db);
}

async function time(path: string, runs = 30) {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    if (i >= 3) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)]!,
    p95: samples[Math.floor(samples.length * 0.95)]!,
  };
}

const paths = {
  'page 1 by name': '/api/admin/system/users?pageSize=50&sortBy=name',
  'page 40 by e-mail': '/api/admin/system/users?pageSize=50&page=40&sortBy=email',
  'search "last7"': '/api/admin/system/users?pageSize=50&search=last7',
};

const results: string[] = [`database: ${url ? 'PostgreSQL' : 'PGlite'}`];
for (const total of [10, 10_000]) {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await addUsers(total - Number(n));
  for (const [name, path] of Object.entries(paths)) {
    const { median, p95 } = await time(path);
    results.push(
      `${String(total).padStart(6)} users  ${name.padEnd(20)} median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms`,
    );
  }
}
process.stdout.write(`${results.join('\n')}\n`);
await app.close();
await database.close();
