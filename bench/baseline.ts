/** Builds and serves ../shared/bench/naive-procomponents (read-only there) from a scratch copy. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../e2e/lib/server';

const SRC = resolve(process.env.BASELINE_DIR ?? '../shared/bench/naive-procomponents');
const WORK = '/tmp/bench-baseline';

export async function serveBaseline(): Promise<{ base: string; stop: () => void }> {
  if (!existsSync(SRC)) throw new Error(`baseline not found at ${SRC} (set BASELINE_DIR)`);
  if (!existsSync(`${WORK}/dist/index.html`)) {
    cpSync(SRC, WORK, { recursive: true, filter: (p) => !p.includes('node_modules') && !p.includes('/dist') });
    for (const cmd of [
      // --include=dev: the bench's own build set NODE_ENV=production in this process, which would leave vite out
      ['npm', 'ci', '--include=dev', '--no-audit', '--no-fund'],
      ['npx', 'vite', 'build'],
    ]) {
      const r = spawnSync(cmd[0], cmd.slice(1), { cwd: WORK, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`baseline: ${cmd.join(' ')} failed`);
    }
  }
  const port = await freePort();
  // vite itself, not through npx: killing npx left the preview server running after the bench
  const child: ChildProcess = spawn(
    process.execPath,
    [`${WORK}/node_modules/vite/bin/vite.js`, 'preview', '--port', String(port), '--host', '127.0.0.1', '--strictPort'],
    { cwd: WORK, stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop: () => child.kill('SIGTERM') };
}
