/**
 * Real server processes for scale-out and crash tests: `spawnServer` starts `server/main.ts` as a
 * child process (its own port, data folder and database schema), `roundRobinProxy` puts a loopback
 * load balancer in front of several, and `api` calls one over HTTP with exact 64-bit ids.
 *
 * @example
 * const a = await spawnServer({ DATABASE_URL: url, DATABASE_SCHEMA: schema });
 * const lb = await roundRobinProxy([a.url, b.url]);
 * const res = await api(lb.url, 'POST', '/api/user/login', { body: { username: 'admin', password: 'admin123' } });
 * a.child.kill('SIGKILL');
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJson, stringifyJson } from '../core/json';
import { ROOT_DIR } from '../core/paths';

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** everything the process printed */
  output(): string;
  /** SIGKILL (nothing flushed, nothing closed) and wait for the exit */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; removes the data folder unless `keepData` */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = netServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the server (API only) and resolves once /api/public/health answers. */
export async function spawnServer(env: Record<string, string> = {}, opts: { dataDir?: string; port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'misi-instance-'));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.VITEST; // a server, not a test worker
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT_DIR, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/public/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url,
    port,
    dataDir,
    child,
    output: () => out,
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
    async stop(o = {}) {
      if (!gone()) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      if (!o.keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Proxy {
  url: string;
  /** which target served each request, in order */
  served: number[];
  close(): Promise<void>;
}

/**
 * A loopback round-robin load balancer: each request goes to the next target. The client's address
 * is passed as X-Forwarded-For — taken from an `x-test-client` header when the test sets one, so a
 * test can speak from many addresses (the servers run with TRUST_PROXY=true).
 */
export async function roundRobinProxy(targets: string[]): Promise<Proxy> {
  let next = 0;
  const served: number[] = [];
  const server: Server = createServer((req, res) => {
    const i = next++ % targets.length;
    served.push(i);
    const target = new URL(targets[i]);
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: target.host };
    headers['x-forwarded-for'] = String(req.headers['x-test-client'] ?? req.socket.remoteAddress);
    delete headers['x-test-client'];
    const up = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ApiResult {
  status: number;
  /** parsed with json-bigint: 64-bit ids as digit strings */
  body: { code: number; msg: string; data: any };
  raw: string;
  headers: Headers;
}

/** One API call over HTTP; never throws on an error answer (a refused connection does throw). */
export async function api(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['x-misi-token'] = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
  const res = await fetch(`${base}${path}${qs}`, { method, headers, body: opts.body === undefined ? undefined : stringifyJson(opts.body) });
  const raw = await res.text();
  let body: ApiResult['body'];
  try {
    body = parseJson(raw) as ApiResult['body'];
  } catch {
    body = { code: -1, msg: raw.slice(0, 200), data: null };
  }
  return { status: res.status, body, raw, headers: res.headers };
}

export async function signIn(base: string, username: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await api(base, 'POST', '/api/user/login', { body: { username, password }, headers });
  if (r.body.code !== 0) throw new Error(`login ${username} refused: HTTP ${r.status} ${r.raw}`);
  return r.body.data.token as string;
}
