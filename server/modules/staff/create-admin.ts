/**
 * The logic behind `npm run create-admin` (scripts/create-admin.ts): parse and validate the command
 * line against the same policy as the staff form, then create or reset the administrator.
 * Validation happens before the database is opened, so bad input writes nothing.
 *
 * @example
 * const args = parseCreateAdminArgs(['--username', 'alice', '--password', 'S3cure-pass']);
 * await upsertAdmin(db, nextId, args);
 */
import { parseArgs } from 'node:util';
import { HttpError } from '../../core/contract';
import enUS from '../../../locales/en-US/staff.json';
import { checkAdminCredentials, type AdminCredentials } from './staff-service';

export const CREATE_ADMIN_USAGE = "usage: npm run create-admin -- --username <name> --password '<password>' [--nickname <display name>]";

/** A bad command line: the message is a plain sentence for the terminal. */
export class CliInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliInputError';
  }
}

const messages = enUS as Record<string, string>;

/** Renders a validation HttpError in English for the terminal ("Password must be 8–64 characters…"). */
function plain(err: HttpError): string {
  const values = { ...err.values } as Record<string, string | number>;
  if (typeof values.field === 'string') values.field = messages[values.field] ?? values.field;
  const template = messages[err.key] ?? err.key;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));
}

export function parseCreateAdminArgs(argv: string[]): AdminCredentials {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { username: { type: 'string' }, password: { type: 'string' }, nickname: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CliInputError(`${(err as Error).message}\n${CREATE_ADMIN_USAGE}`);
  }
  const missing = (['username', 'password'] as const).filter((k) => typeof values[k] !== 'string');
  if (missing.length) throw new CliInputError(`missing --${missing.join(' and --')}\n${CREATE_ADMIN_USAGE}`);
  const creds: AdminCredentials = { username: values.username as string, password: values.password as string };
  if (typeof values.nickname === 'string') creds.nickname = values.nickname;
  try {
    checkAdminCredentials(creds);
  } catch (err) {
    if (err instanceof HttpError) throw new CliInputError(plain(err));
    throw err;
  }
  return creds;
}
