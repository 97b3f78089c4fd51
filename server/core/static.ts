/**
 * Serves the built console (dist/): hashed /assets/* cached for a year (immutable), brotli/gzip
 * twins served when present, and index.html — for "/", "/index.html" and, so client-side routes
 * survive a reload, any other GET outside /api that has no file — rendered per response with a fresh
 * CSP nonce and its Content-Security-Policy (security-headers.ts), never cached.
 *
 * @example
 * const fallback = await registerStatic(app, 'dist');
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consolePage, sendConsole } from './security-headers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The site icon (a PNG): kept a day. Chromium asks for it again at every page it shows, a menu click
 * included. With no-cache that was a request each time, and while the icon was an SVG, its document was
 * parsed and laid out on the page's main thread during the click's render (5–7 ms tasks in the trace of
 * a menu click to /staff). A PNG is only decoded.
 */
const ICON = 'public, max-age=86400';

/** Returns a not-found fallback for non-API GETs, or null when the console is not built. */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
): Promise<((req: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | null> {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) return null;
  const page = consolePage(readFileSync(join(root, 'index.html'), 'utf8'));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    // index.html is never served as built (it would carry no nonce): see the routes below.
    index: false,
    allowedPath: (path) => !/^\/index\.html(\.(br|gz))?$/.test(path),
    setHeaders: (reply, path) => {
      const p = path.replace(/\\/g, '/');
      reply.header('cache-control', p.includes('/assets/') ? IMMUTABLE : p.endsWith('/favicon.png') ? ICON : 'no-cache');
    },
  });
  for (const url of ['/', '/index.html']) app.get(url, (req, reply) => sendConsole(page, req, reply));
  return (req, reply) => {
    const path = req.url.split('?')[0];
    // A missing script or locale file must be a real 404, not HTML the browser would try to run.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.startsWith('/assets/') || path.startsWith('/locales/')) return undefined;
    return sendConsole(page, req, reply);
  };
}
