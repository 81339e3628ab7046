/**
 * How the user administration lists grow with the number of users: a page of the system users list (sorted
 * by name, by e-mail, and with a search) at 10 and at 10,000 users, through the real HTTP stack.
 *
 *   node --import tsx bench/admin-users.ts                      # PGlite
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/admin-users.ts
 */
import { sql } from 'kysely';
import { openBench } from './harness.ts';

const { db, time: timeCall, tokenFor, kind, close } = await openBench();

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
const token = await tokenFor(admin.id);

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

const time = (path: string) => timeCall(token, { method: 'GET', url: path });

const paths = {
  'page 1 by name': '/api/admin/system/users?pageSize=50&sortBy=name',
  'page 40 by e-mail': '/api/admin/system/users?pageSize=50&page=40&sortBy=email',
  'search "last7"': '/api/admin/system/users?pageSize=50&search=last7',
};

const results: string[] = [`database: ${kind}`];
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
await close();
