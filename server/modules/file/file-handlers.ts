/**
 * Upload and download. The core has already read the multipart body, checked each file's type by
 * its first bytes and its size, and stored it (server/core/uploads.ts); upload only reports the
 * stored file. Download streams a stored file back by its immutable key.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Handler } from '../../core/contract';
import type { FileBindings, FileResults } from '../../../src/generated/types';
import { badField, notFound } from '../../core/http-errors';

export const FILE_URL = '/api/public/file?key=';

export const upload: Handler<FileBindings['upload'], FileResults['upload']> = async ({ files }) => {
  const f = files.file?.[0];
  if (!f) throw badField('server.file.missing', 'file.file');
  return { key: f.key, url: FILE_URL + f.key, name: f.name, size: f.size, mime: f.mime };
};

/** RFC 6266: an ASCII fallback plus the UTF-8 original (Chinese names survive). */
export function contentDisposition(name: string, type: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 attr-char excludes ' ( ) * which encodeURIComponent leaves alone.
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${type}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export const download: Handler<FileBindings['download']> = async ({ db, input, dataDir, req, reply }) => {
  const r = await db.query<{ name: string; mime: string; size: number; path: string }>(`SELECT name, mime, size, path FROM files WHERE key = $1`, [input.key]);
  const row = r.rows[0];
  if (!row) throw notFound('server.file.notFound');
  const abs = join(dataDir, row.path);
  const st = await stat(abs).catch(() => null);
  if (!st?.isFile()) throw notFound('server.file.notFound');
  const etag = `"${input.key}"`;
  reply
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition(row.name))
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    // Keys are never reused for other content, so a copy may be kept for a year.
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('ETag', etag);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.header('Content-Type', row.mime).header('Content-Length', String(st.size)).send(createReadStream(abs));
};
