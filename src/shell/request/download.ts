/**
 * Downloads a file-returning binding (exports) and saves it under the name the server gives in
 * Content-Disposition. A JSON reply instead of a file is an error envelope and is thrown as ApiError.
 *
 * @example
 * await downloadFile(resource.api.export, filters); // browser saves "订单导出-20250101.xlsx"
 */
import type { ApiBinding } from '../../schema';
import type { CallOptions } from '../../engine/runtime';
import { interpret, send } from './client';

/**
 * The file name in a Content-Disposition header (RFC 6266: filename* in UTF-8 wins over filename).
 *
 * @example
 * fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx") // "订单.xlsx"
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* malformed percent-encoding: fall back to the plain filename */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return null;
}

export async function downloadFile(binding: ApiBinding, input?: Record<string, unknown>, options?: CallOptions): Promise<void> {
  const res = await send(binding, input, options);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') || !res.ok) {
    // an envelope (error) where a file was expected
    interpret(res.status, res.statusText, await res.text(), binding);
    return;
  }
  const blob = options?.onDownload && res.body ? await readWithProgress(res, options.onDownload) : await res.blob();
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? binding.path.split('/').pop() ?? 'download';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads a streamed file, telling the caller how much has arrived (large exports take a while). */
async function readWithProgress(res: Response, onDownload: NonNullable<CallOptions['onDownload']>): Promise<Blob> {
  const total = res.headers.get('x-total-count');
  const rows = total !== null && /^\d+$/.test(total) ? Number(total) : null;
  const reader = res.body!.getReader();
  const parts: BlobPart[] = [];
  let received = 0;
  onDownload(0, rows);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onDownload(received, rows);
  }
  return new Blob(parts, { type: res.headers.get('content-type') ?? 'application/octet-stream' });
}
