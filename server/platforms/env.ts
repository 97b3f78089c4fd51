/**
 * Where this server can be reached, for adapters: the browser-facing origin of the current request
 * (authorise URLs, image URLs) and the loopback origin the server calls itself on (the sandbox).
 *
 * @example
 * const env = platformEnv(ctx.req); // { publicBaseUrl: 'http://localhost:8000', loopbackBaseUrl: 'http://127.0.0.1:8000' }
 */
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../core/contract';
import type { PlatformEnv } from './types';

/** Where platforms send the browser back after consent (served by the merchantAuth module). */
export const OAUTH_CALLBACK_PATH = '/api/public/merchantAuth/callback';

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function publicBaseUrl(req: FastifyRequest): string {
  if (process.env.PUBLIC_BASE_URL) return trimSlash(process.env.PUBLIC_BASE_URL);
  return `${req.protocol}://${req.host}`;
}

export function loopbackBaseUrl(req: FastifyRequest): string {
  if (process.env.PLATFORM_LOOPBACK_URL) return trimSlash(process.env.PLATFORM_LOOPBACK_URL);
  const address = req.server.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') {
    // Not listening on TCP (e.g. app.inject without listen): there is nothing to call back.
    throw new HttpError(503, 50000, 'server.platform.notListening');
  }
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export function platformEnv(req: FastifyRequest): PlatformEnv {
  return { publicBaseUrl: publicBaseUrl(req), loopbackBaseUrl: loopbackBaseUrl(req) };
}

/** Lazy variant: the loopback origin is only resolved when an adapter actually calls the platform. */
export function lazyPlatformEnv(req: FastifyRequest): PlatformEnv {
  return {
    publicBaseUrl: publicBaseUrl(req),
    get loopbackBaseUrl() {
      return loopbackBaseUrl(req);
    },
  };
}
