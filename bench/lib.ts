import http from 'node:http';
/** Small shared helpers for benchmarks: percentiles and a bounded concurrent load loop (loopback only). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
export const median = (xs: number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

/** Runs `clients` loops calling fn until `count` calls or `maxMs` elapsed; returns sorted latencies in ms. */
export async function load(fn: (i: number) => Promise<void>, opts: { clients: number; count: number; maxMs: number }): Promise<number[]> {
  const lat: number[] = [];
  let next = 0;
  const deadline = Date.now() + opts.maxMs;
  const worker = async () => {
    while (next < opts.count && Date.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      await fn(i);
      lat.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, worker));
  return lat.sort((a, b) => a - b);
}

export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!(host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.'))) {
    throw new Error(`benchmarks send traffic to loopback only; refusing ${url}`);
  }
}

/**
 * A GET over a keep-alive connection (node:http), returning status and body text. The load generator
 * shares the machine's cores with the server and its database: `fetch` spent 0.6–1.3 ms of CPU per
 * call, which the server then waited for; plain http costs less of the machine being measured.
 */
export function httpGet(url: string, headers: Record<string, string>, agent: http.Agent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Signs in as the demo admin and returns the session token (every benchmark acts as admin). */
export async function adminToken(base: string): Promise<string> {
  const r = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"username":"admin","password":"admin123"}',
  });
  const body = (await r.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`bench: sign-in failed: ${body.msg}`);
  return body.data.token;
}
