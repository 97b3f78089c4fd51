/**
 * Test support for module tests (merchant, store, file): one app per test file on a fresh
 * database with the demo seed, signed-in admin/finance tokens, and a multipart body builder.
 */
import { parseJson } from '../core/json';

export interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export interface Part {
  name: string;
  value?: string;
  file?: { filename: string; data: Buffer; type?: string };
}

/** A multipart/form-data body (repeat a name for arrays). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----misi' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (p.file) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\n` +
            `Content-Type: ${p.file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.file.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PNG (1×1, transparent). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24, 0)]);

export function toReply(r: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }): Reply {
  const type = String(r.headers['content-type'] ?? '');
  const body: any = type.includes('json') ? parseJson(r.body) : {};
  return { status: r.statusCode, code: body.code, msg: body.msg, data: body.data, headers: r.headers, raw: r.rawPayload };
}

import { createTestApp, type TestApp } from './helper';
import { authModule } from '../modules/auth';
import { systemModule } from '../modules/system';
import { staffModule } from '../modules/staff';
import { fileModule } from '../modules/file';
import { merchantModule } from '../modules/merchant';
import { storeModule } from '../modules/store';

// Only the modules these tests need, so unfinished modules elsewhere cannot break them.
const MODULES = [authModule, systemModule, fileModule, staffModule, merchantModule, storeModule];

export interface Kit {
  t: TestApp;
  db: TestApp['db'];
  nextId: () => bigint;
  admin: string;
  finance: string;
  adminId: string;
  call(method: 'GET' | 'POST', url: string, opts?: { token?: string | null; body?: unknown; parts?: Part[]; locale?: string }): Promise<Reply>;
  count(table: string, where?: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** A test app (createTestApp: migrated, every module's demo seed) with admin and finance signed in. */
export async function setup(): Promise<Kit> {
  const t = await createTestApp({ modules: MODULES, resources: MODULES.map((m) => m.resource) });
  const admin = await t.login('admin', 'admin123');
  const finance = await t.login('finance', 'finance123');
  const adminId = String((await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'admin'`)).rows[0].id);
  return {
    t,
    db: t.db,
    nextId: t.nextId,
    admin,
    finance,
    adminId,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { 'x-locale': opts.locale ?? 'zh-CN' };
      const token = opts.token === undefined ? admin : opts.token;
      if (token) headers['x-misi-token'] = token;
      let payload: any;
      if (opts.parts) {
        const m = multipart(opts.parts);
        payload = m.payload;
        Object.assign(headers, m.headers);
      } else if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      return toReply(await t.app.inject({ method, url, headers, payload }));
    },
    async count(table, where = 'true', params = []) {
      const r = await t.db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params);
      return Number(r.rows[0].n);
    },
    close: () => t.close(),
  };
}
