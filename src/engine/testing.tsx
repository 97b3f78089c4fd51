/**
 * Test support: a fake Runtime whose `call` answers from handlers keyed by binding path, recording
 * every call. Used by engine and renderer tests; never imported by app code.
 *
 * @example
 * const rt = fakeRuntime({ '/user/list': (input) => ({ list: [], total: 0, current: 1, pageSize: 20 }) });
 * render(<RuntimeProvider value={rt.runtime}>…</RuntimeProvider>);
 * rt.calls[0] // { path: '/user/list', input: {...}, options }
 * rt.prefetches // GETs sent ahead (Runtime.prefetch), same shape
 */
import type { ApiBinding, AppSchema } from '../schema';
import { normalizePath } from '../schema';
import type { CallOptions, Runtime, RuntimeUser } from './runtime';
import appJson from '../../schemas/app.json';

export type Handler = (input: Record<string, unknown>, options?: CallOptions) => unknown;

export interface RecordedCall {
  path: string;
  method: string;
  input: Record<string, unknown>;
  options?: CallOptions;
  /** a prefetch sent as a button went down (Runtime.prefetch's `press`) */
  press?: boolean;
}

export function fakeRuntime(
  handlers: Record<string, Handler>,
  user: RuntimeUser | null = { id: '1', username: 'admin', nickname: '管理员', roles: ['admin'] },
) {
  const calls: RecordedCall[] = [];
  const downloads: RecordedCall[] = [];
  const prefetches: RecordedCall[] = [];
  const runtime: Runtime = {
    app: appJson as unknown as AppSchema,
    user,
    locale: 'zh-CN',
    call: async <T,>(binding: ApiBinding, input: Record<string, unknown> = {}, options?: CallOptions) => {
      const path = normalizePath(binding.path);
      calls.push({ path, method: binding.method, input, options });
      const h = handlers[path];
      if (!h) throw new Error(`fake runtime: no handler for ${path}`);
      return (await h(input, options)) as T;
    },
    prefetch: (binding: ApiBinding, input: Record<string, unknown> = {}, opts?: { press?: boolean }) => {
      prefetches.push({ path: normalizePath(binding.path), method: binding.method, input, ...(opts?.press ? { press: true } : undefined) });
    },
    upload: async (file: File) => ({ key: 'a'.repeat(32), url: '/api/public/file?key=' + 'a'.repeat(32), name: file.name, size: file.size, mime: file.type }),
    fileUrl: (key: string) => `/api/public/file?key=${key}`,
    download: async (binding: ApiBinding, input: Record<string, unknown> = {}) => {
      downloads.push({ path: normalizePath(binding.path), method: binding.method, input });
    },
  };
  return { runtime, calls, downloads, prefetches };
}
