/** Starts the real server (built console + API) on a free port with a fresh data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  base: string;
  dataDir: string;
  /** the server process (benchmarks read its memory) */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${base}/api/public/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    dataDir,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
