/**
 * npm run create-admin -- --username alice --password 'S3cure-pass' [--nickname 爱丽丝]
 *
 * Creates an administrator, or resets an existing account: new password, admin role added, enabled,
 * old sessions ended. Works on the data folder (DATA_DIR, default ./data) or DATABASE_URL, like the
 * server. The input is checked against the staff password/username policy before the database is
 * opened: bad input prints one clear line, exits 1 and writes nothing.
 */
import { loadConfig, ConfigError } from '../server/core/config';
import { openDb } from '../server/core/db';
import { runMigrations } from '../server/core/migrations';
import { MIGRATIONS_DIR } from '../server/core/paths';
import { createIdGenerator } from '../server/core/snowflake';
import { CliInputError, parseCreateAdminArgs } from '../server/modules/staff/create-admin';
import { upsertAdmin } from '../server/modules/staff/staff-service';

async function main(): Promise<number> {
  let args;
  try {
    args = parseCreateAdminArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof CliInputError) {
      console.error(`create-admin: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const config = loadConfig(process.env);
  const db = await openDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: config.databaseSchema, poolSize: 2 });
  try {
    await runMigrations(db, MIGRATIONS_DIR);
    const { id, created } = await upsertAdmin(db, createIdGenerator(config.workerId), args);
    const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
    console.log(`${created ? 'Created administrator' : 'Reset administrator'} "${args.username}" (id ${id}) in ${where}.`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`create-admin: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
    process.exit(1);
  },
);
