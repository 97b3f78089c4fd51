/**
 * The shell's implementation of the engine's Runtime contract (src/engine/runtime.ts).
 *
 * @example
 * <RuntimeProvider value={createRuntime({ app: appConfig, user, locale })}>…</RuntimeProvider>
 */
import type { ApiBinding, AppSchema, Resource } from '../schema';
import type { CallOptions, Runtime, RuntimeUser } from '../engine/runtime';
import { clearOptionCache } from '../engine/options';
import { arrivedData, callApi, onArrivalOf, prefetchCall } from './request/client';
import { PRESS_TTL_MS } from './request/prefetch';
import { fileUrl, uploadFile } from './request/upload';
import { downloadFile } from './request/download';

/**
 * callApi, and after a write that succeeded the cached dict/ref options are forgotten: a write may
 * add, rename or change the state of what a select offers (a store approved on /store must be offered
 * by the order's assign dialog at once, not after the cache's 5 minutes). Module-level, so `call` keeps
 * one identity (hooks depend on it).
 */
async function call<T = unknown>(binding: ApiBinding, input?: Record<string, unknown>, options?: CallOptions): Promise<T> {
  const data = await callApi<T>(binding, input, options);
  if (binding.method !== 'GET') clearOptionCache();
  return data;
}

export function createRuntime(opts: {
  app: AppSchema;
  user: RuntimeUser | null;
  locale: string;
  loadResource?: (name: string) => Promise<Resource | undefined>;
  menuResources?: () => Promise<Resource[]>;
  optionReaders?: Readonly<Record<string, readonly string[]>>;
}): Runtime {
  return {
    app: opts.app,
    user: opts.user,
    locale: opts.locale,
    call,
    arrived: arrivedData,
    onArrival: onArrivalOf,
    prefetch: (binding, input, o) => prefetchCall(binding, input, o?.press ? PRESS_TTL_MS : undefined),
    upload: uploadFile,
    fileUrl,
    download: downloadFile,
    loadResource: opts.loadResource,
    menuResources: opts.menuResources,
    optionReaders: opts.optionReaders,
  };
}
