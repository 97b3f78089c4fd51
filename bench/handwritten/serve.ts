/** Builds bench/handwritten with Vite (into /tmp) and serves it with /api proxied to the console's server. */
import { build, preview } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname);
const OUT = '/tmp/bench-handwritten';

/** `minify: false` keeps component names (bench/profile.ts). */
export async function serveHandwritten(api: string, opts: { minify?: boolean } = {}): Promise<{ base: string; stop: () => Promise<void> }> {
  await build({ root: ROOT, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: OUT, emptyOutDir: true, minify: opts.minify ?? true } });
  const server = await preview({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: OUT },
    preview: { port: 0, host: '127.0.0.1', proxy: { '/api': { target: api, changeOrigin: true } } },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('hand-written page: preview server has no address');
  return { base: url.replace(/\/$/, ''), stop: () => server.close() };
}
