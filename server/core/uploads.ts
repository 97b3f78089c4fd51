/**
 * Multipart requests: file parts are read (10 MB each at most), typed by their first bytes — never
 * by the name or the browser's claim — and, once the whole request is valid, stored under
 * <dataDir>/uploads with a server-made name and a row in `files`. Handlers see them as ctx.files,
 * and each file's key is placed in the input under its part's field name.
 *
 * @example
 * const form = await readMultipart(req, params); // { fields, files }
 * const stored = await storeFiles(db, dataDir, form.files, userId, nextId);
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { CODES, type AnyField } from '../../src/schema';
import { HttpError, type Db, type StoredFile } from './contract';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;
/** text parts of one multipart request */
export const MAX_FIELDS = 200;

export interface UploadedPart {
  field: string;
  /** original file name, kept for display and downloads */
  name: string;
  mime: string;
  ext: string;
  data: Buffer;
  key: string;
}

const TYPES: { mime: string; ext: string; kind: 'image' | 'pdf'; aliases: string[]; test: (b: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    kind: 'image',
    aliases: ['.png'],
    test: (b) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/jpeg',
    ext: 'jpg',
    kind: 'image',
    aliases: ['.jpg', '.jpeg', '.jfif'],
    test: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    kind: 'image',
    aliases: ['.webp'],
    test: (b) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
  { mime: 'application/pdf', ext: 'pdf', kind: 'pdf', aliases: ['.pdf'], test: (b) => b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-' },
];
const KNOWN_EXTS = new Set(TYPES.flatMap((t) => t.aliases).concat(['.gif', '.bmp', '.svg', '.doc', '.docx', '.xls', '.xlsx', '.zip', '.txt', '.exe', '.html']));

/** The content type of a file from its first bytes, or undefined when it is not an accepted kind. */
export function sniffType(data: Buffer): (typeof TYPES)[number] | undefined {
  return TYPES.find((t) => t.test(data));
}

function cleanName(name: string): string {
  // Keep the user's name for display, minus path parts and control characters.
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'file';
}

/**
 * Reads every part. `params` are the binding's declared inputs: a file part must name one of them,
 * and its `accept` and `maxSizeMB` apply. `title` renders a field's localized title for messages.
 */
export async function readMultipart(
  req: FastifyRequest,
  params: Map<string, AnyField>,
  title: (field: string) => string,
): Promise<{ fields: Record<string, string | string[]>; files: UploadedPart[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedPart[] = [];
  const add = (name: string, value: string) => {
    const prev = fields[name];
    fields[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  };
  // The part being read when @fastify/multipart's own size limit stops the stream, so that message
  // can name the field like ours do.
  let current = '';
  let currentName = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: MAX_FIELDS, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') add(part.fieldname, part.value);
        continue;
      }
      current = part.fieldname;
      currentName = cleanName(part.filename ?? '');
      const data = await part.toBuffer();
      const def = params.get(part.fieldname);
      if (!def || (def.type !== 'image' && def.type !== 'file')) {
        throw new HttpError(400, CODES.BAD_REQUEST, 'server.upload.unexpectedFile', { field: part.fieldname });
      }
      const name = currentName;
      // Checked before the type: zero bytes have no type to sniff, and "type not supported" would mislead.
      if (data.length === 0) throw new HttpError(400, CODES.BAD_REQUEST, 'server.upload.empty', { field: title(part.fieldname), name });
      const type = sniffType(data);
      const accept = def.accept ?? (def.type === 'image' ? ['image'] : ['image', 'pdf']);
      const ext = extname(name).toLowerCase();
      // A file whose name says one known type while its bytes say another is refused: it is
      // either broken or disguised.
      const nameLies = type !== undefined && KNOWN_EXTS.has(ext) && !type.aliases.includes(ext);
      if (!type || !accept.includes(type.kind) || nameLies) {
        throw new HttpError(415, CODES.UNSUPPORTED_MEDIA, 'server.upload.badType', {
          field: title(part.fieldname),
          name,
          accept: accept.map((k) => (k === 'image' ? 'PNG/JPEG/WebP' : 'PDF')).join(', '),
        });
      }
      const maxBytes = def.maxSizeMB ? Math.min(MAX_FILE_BYTES, Math.floor(def.maxSizeMB * 1024 * 1024)) : MAX_FILE_BYTES;
      if (data.length > maxBytes) {
        throw new HttpError(413, CODES.TOO_LARGE, 'server.upload.tooLarge', {
          field: title(part.fieldname),
          name,
          limit: Math.round((maxBytes / 1048576) * 10) / 10,
        });
      }
      files.push({ field: part.fieldname, name, mime: type.mime, ext: type.ext, data, key: randomBytes(16).toString('hex') });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      // The stream limit is the global one; a field's smaller maxSizeMB is checked after reading.
      if (current)
        throw new HttpError(413, CODES.TOO_LARGE, 'server.upload.tooLarge', { field: title(current), name: currentName, limit: MAX_FILE_BYTES / 1048576 });
      throw new HttpError(413, CODES.TOO_LARGE, 'server.upload.tooLargeAny', { limit: MAX_FILE_BYTES / 1048576 });
    }
    if (code === 'FST_FILES_LIMIT') throw new HttpError(413, CODES.TOO_LARGE, 'server.upload.tooMany', { limit: MAX_FILES });
    // too many text parts is not "too many files" (201 values of a list field answered that)
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, CODES.TOO_LARGE, 'server.upload.tooManyFields', { limit: MAX_FIELDS });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, CODES.UNSUPPORTED_MEDIA, 'server.upload.notMultipart');
    throw new HttpError(400, CODES.BAD_REQUEST, 'server.upload.malformed');
  }
  return { fields, files };
}

/** Writes the files and their rows; returns them by field name and a function that undoes it. */
export async function storeFiles(
  db: Db,
  dataDir: string,
  parts: UploadedPart[],
  userId: bigint | null,
  nextId: () => bigint,
): Promise<{ byField: Record<string, StoredFile[]>; undo: () => Promise<void> }> {
  const byField: Record<string, StoredFile[]> = {};
  const written: { abs: string; key: string }[] = [];
  const undo = async () => {
    for (const w of written) await rm(w.abs, { force: true });
    if (written.length) await db.query('DELETE FROM files WHERE key = ANY($1::text[])', [written.map((w) => w.key)]);
  };
  try {
    for (const p of parts) {
      const rel = join('uploads', p.key.slice(0, 2), `${p.key}.${p.ext}`);
      const abs = join(dataDir, rel);
      await mkdir(join(dataDir, 'uploads', p.key.slice(0, 2)), { recursive: true });
      await writeFile(abs, p.data);
      written.push({ abs, key: p.key });
      await db.query('INSERT INTO files (id, key, name, mime, size, path, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        nextId(),
        p.key,
        p.name,
        p.mime,
        p.data.length,
        rel,
        userId,
      ]);
      (byField[p.field] ??= []).push({ key: p.key, name: p.name, mime: p.mime, size: p.data.length });
    }
  } catch (err) {
    await undo();
    throw err;
  }
  return { byField, undo };
}
