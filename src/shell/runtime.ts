/**
 * The shell's implementation of the engine's Runtime contract (src/engine/runtime.ts).
 *
 * @example
 * <RuntimeProvider value={createRuntime({ app: appConfig, user, locale })}>…</RuntimeProvider>
 */
import type { AppSchema, Resource } from '../schema';
import type { Runtime, RuntimeUser } from '../engine/runtime';
import { callApi } from './request/client';
import { fileUrl, uploadFile } from './request/upload';
import { downloadFile } from './request/download';

export function createRuntime(opts: {
  app: AppSchema;
  user: RuntimeUser | null;
  locale: string;
  loadResource?: (name: string) => Promise<Resource | undefined>;
}): Runtime {
  return {
    app: opts.app,
    user: opts.user,
    locale: opts.locale,
    call: callApi,
    upload: uploadFile,
    fileUrl,
    download: downloadFile,
    loadResource: opts.loadResource,
  };
}
