import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { openDatabase } from './db/database.ts';
import { createAdmin } from './db/seed/create-admin.ts';

const USAGE = `Usage: npm run admin -- create-admin --email EMAIL [--password PASSWORD] [--first-name NAME]
         [--last-name NAME] [--organization NAME]

Creates a system administrator with every system permission (or promotes an existing user) in the
database named by DATABASE_URL, or the embedded one in DATA_DIR. Without --password, one is generated and
printed. The organization (default "Crossarm Operations") is created when it does not exist.`;

/** Administration commands run against the configured database. */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== 'create-admin') {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined || command === 'help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      organization: { type: 'string', default: 'Crossarm Operations' },
    },
  });
  if (!values.email) {
    process.stderr.write(`--email is required\n\n${USAGE}\n`);
    return 2;
  }
  const config = parseConfig({ ...process.env, SEED_DEMO: 'never' });
  if (config.database.kind === 'pglite') await mkdir(config.database.dir, { recursive: true });
  const database = await openDatabase(config.database);
  try {
    await prepareDatabase(database.db, { seedDemo: false });
    const result = await createAdmin(database.db, {
      email: values.email,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      organizationName: values.organization,
    });
    const verb = result.created ? 'Created' : 'Promoted';
    process.stdout.write(
      `${verb} system administrator ${values.email.toLowerCase()} (user ${result.userId}).\n`,
    );
    if (result.generatedPassword) process.stdout.write(`Password: ${result.generatedPassword}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
