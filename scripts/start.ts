/**
 * `npm start`: builds the console when dist/ is missing or older than its sources (saying so), then
 * starts the API server, which also serves dist/ (PORT, HOST, DATA_DIR, DATABASE_URL as server/main.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../server/core/config';
import { startServer } from '../server/main';

/** Files whose change means the built console is stale. */
const SOURCES = ['src', 'schemas', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/antd-css'];
const SKIP = /(^|[\\/])(node_modules|\.git)([\\/]|$)|\.test\.tsx?$/;

function newestMtime(path: string): number {
  if (!existsSync(path) || SKIP.test(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Why the console must be built, or null when dist/ is up to date. */
export function buildReason(root = '.'): string | null {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return 'dist/ is missing';
  const built = statSync(index).mtimeMs;
  const stale = SOURCES.find((s) => newestMtime(join(root, s)) > built);
  return stale ? `dist/ is older than ${stale}` : null;
}

async function main(): Promise<void> {
  const reason = buildReason();
  if (reason) {
    console.log(`start: building the console (${reason})…`);
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('start: the build failed; see the output above');
      process.exit(1);
    }
  } else {
    console.log('start: dist/ is up to date');
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(loadConfig(process.env));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (err instanceof ConfigError) console.error(`config error: ${e.message}`);
    else if (e.code === 'EADDRINUSE') console.error(`start failed: the port is already in use (set PORT)`);
    else console.error(`start failed: ${e.message}`);
    process.exit(1);
  }
  const stop = (signal: string) => {
    console.log(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
