/**
 * Serves the built console (dist/): hashed /assets/* cached for a year (immutable), brotli/gzip
 * twins served when present, index.html never cached, and any other GET outside /api that has no
 * file falls back to index.html so client-side routes survive a reload.
 *
 * @example
 * await registerStatic(app, 'dist', '/api');
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Returns a not-found fallback for non-API GETs, or null when the console is not built. */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
): Promise<((req: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | null> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    index: 'index.html',
    setHeaders: (reply, path) => {
      const p = path.replace(/\\/g, '/');
      reply.header('cache-control', p.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  return (req, reply) => {
    const path = req.url.split('?')[0];
    // A missing script or locale file must be a real 404, not HTML the browser would try to run.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.startsWith('/assets/') || path.startsWith('/locales/')) return undefined;
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
}
