/**
 * File upload with progress: fetch cannot report upload progress, so this one call uses XHR, with the
 * same headers and response rules as every other call (token, locale, envelope, 100000/401).
 *
 * @example
 * const file = await uploadFile(input.files[0], { onProgress: (p) => setPercent(p) });
 * // → { key, url, name, size, mime }
 */
import type { ApiBinding, UploadedFile } from '../../schema';
import { ApiError, type CallOptions } from '../../engine/runtime';
import { appConfig } from '../config';
import { fileUrl } from './file-url';
import { apiUrl } from './paths';
import { callHeaders, interpret } from './client';
import { requestHooks } from './hooks';

/** The app's upload API (spec §7: POST /file/upload, multipart field "file"). */
export const UPLOAD_BINDING: ApiBinding = { method: 'POST', path: '/file/upload', multipart: true, result: 'file' };

export function uploadFile(file: File, options?: CallOptions): Promise<UploadedFile> {
  const binding = UPLOAD_BINDING;
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(appConfig.request.prefix, binding.path));
    xhr.timeout = binding.timeout ?? appConfig.request.timeout;
    for (const [k, v] of Object.entries(callHeaders(binding, options))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options?.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      try {
        const data = interpret(xhr.status, xhr.statusText, xhr.responseText, binding) as UploadedFile;
        options?.onProgress?.(100);
        resolve(data);
      } catch (e) {
        reject(e);
      }
    };
    const t = requestHooks().translate;
    xhr.onerror = () => reject(new ApiError(t('shell.request.network'), 0, 0));
    xhr.ontimeout = () => reject(new ApiError(t('shell.request.timeout'), 0, 0));
    xhr.onabort = () => reject(new ApiError('aborted', 0, 0));
    options?.signal?.addEventListener('abort', () => xhr.abort());
    const fd = new FormData();
    fd.append('file', file);
    xhr.send(fd);
  });
}

/** URL that serves a stored file by its key (usable in <img src>). */
export { fileUrl };
