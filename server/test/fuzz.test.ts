/**
 * API fuzz test (issue 13): every operation of the served OpenAPI document gets thousands of
 * requests in all — wrong types, missing and unknown fields, out-of-range numbers and ids, huge
 * strings, control characters, SQL-ish and unicode text, broken bodies — signed in with every role
 * and, for a sample, signed out. It fails on any 5xx, a body that is not the declared content type,
 * an error that is not a localized envelope, a stack trace in a body, or a refused request that
 * changed data. Deterministic (fixed seed): a failure names the request, rerunning shows it again.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stringifyJson } from '../core/json';
import { createTestApp, multipartBody, type TestApp } from './helper';
import { insertUser } from './users';
import { EXTRA_NAMES, OMIT, asQuery, nastyValue, paramValue, validValue, type Pools } from './fuzz/values';
import { watchWrites, type Watch } from './fuzz/watch';

type Json = Record<string, any>;
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  op: Json;
  params: { name: string; schema: Json; required: boolean }[];
  bodyType?: string;
}
interface Sent {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  note: string;
}

const SEED = 13;
const PER_OPERATION = 40;
const SIGNED_OUT_SAMPLE = 4;
/**
 * Written by requests that are refused on purpose: a failed sign-in is counted (throttling), and a
 * session check touches `last_seen_at`. Nothing else may change when a request is refused.
 */
const WRITTEN_WHEN_REFUSED = new Set(['login_failures', 'sessions']);
/** The operation log records failed sign-ins and refused permission checks (server/core/audit.ts). */
const LOGGED_WHEN_REFUSED = new Set([...WRITTEN_WHEN_REFUSED, 'operation_logs']);
const STACK = /\n\s+at .+:\d+:\d+|node_modules\/|\.ts:\d+:\d+|\b(TypeError|ReferenceError|RangeError|SyntaxError): /;
const RAW_KEY = /^(server|common|order|merchant|store|staff|product|logistics|merchantAuth|file)\.[\w.]+$/;

let t: TestApp;
let watch: Watch;
let token = '';
let operations: Operation[] = [];
let pools: Pools;
const USER = { username: 'fuzzer', password: 'fuzz-pass-123' };

beforeAll(async () => {
  t = await createTestApp();
  await insertUser(t, { ...USER, roles: ['admin', 'finance', 'dispatcher'] });
  token = await t.login(USER.username, USER.password);
  const doc = (await t.get('/api/public/openapi.json')).data as Json;
  operations = collectOperations(doc);
  pools = await loadPools(t);
  watch = await watchWrites(t.db);
  // Listening on loopback: product and SKU sync call the platform sandbox served by this same app.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 180_000);
afterAll(() => t?.close());

function collectOperations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops)) {
      // An event stream answers for as long as the client listens (server/modules/live/live.test.ts
      // drives it over a real socket: session, limits, scope); in-process inject would wait forever.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const params: Operation['params'] = [];
      for (const p of op.parameters ?? []) if (p.in === 'query') params.push({ name: p.name, schema: p.schema, required: !!p.required });
      const content: Json = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      const body = bodyType ? content[bodyType].schema : undefined;
      const required = new Set<string>(body?.required ?? []);
      for (const [name, schema] of Object.entries<Json>(body?.properties ?? {})) params.push({ name, schema, required: required.has(name) });
      out.push({ method: method.toUpperCase() as 'GET' | 'POST', path, op, params, bodyType });
    }
  }
  return out;
}

async function loadPools(app: TestApp): Promise<Pools> {
  const ids: string[] = [];
  for (const table of ['orders', 'merchants', 'stores', 'shops', 'products', 'skus', 'logistics_orders', 'store_audits']) {
    const r = await app.db.query<{ id: bigint }>(`SELECT id FROM ${table} ORDER BY id LIMIT 3`);
    ids.push(...r.rows.map((x) => String(x.id)));
  }
  // Other users' ids only: the fuzzer must not disable or re-password itself.
  const users = await app.db.query<{ id: bigint }>('SELECT id FROM users WHERE username <> $1 ORDER BY id LIMIT 3', [USER.username]);
  ids.push(...users.rows.map((x) => String(x.id)));
  const regions = (await app.db.query<{ district: string }>('SELECT district FROM stores WHERE district IS NOT NULL LIMIT 3')).rows.map((r) => r.district);
  const fileKeys = (await app.db.query<{ key: string }>('SELECT key FROM files LIMIT 3')).rows.map((r) => r.key);
  return { ids, regions, fileKeys };
}

/** One generated request per operation and run: declared parameters valid/nasty/left out, plus extras. */
function requestArb(o: Operation): fc.Arbitrary<Sent> {
  // "focus": every parameter valid (or left out when optional) but one, so a bad value is not hidden
  // behind another parameter's refusal; "mixed": each parameter independently valid, nasty or absent.
  const valid = fc.record(
    Object.fromEntries(o.params.map((p) => [p.name, p.required ? validValue(p.schema, pools) : fc.oneof(fc.constant(OMIT), validValue(p.schema, pools))])),
    { noNullPrototype: true },
  );
  const mixed = fc.record(Object.fromEntries(o.params.map((p) => [p.name, paramValue(p.schema, pools, p.required)])), { noNullPrototype: true });
  const focus = fc
    .tuple(valid, fc.nat({ max: Math.max(o.params.length - 1, 0) }), nastyValue())
    .map(([v, i, bad]) => (o.params.length ? { ...v, [o.params[i].name]: bad } : v));
  const fields = fc.oneof({ weight: 3, arbitrary: focus }, { weight: 2, arbitrary: mixed }, { weight: 1, arbitrary: valid });
  const extras = fc.option(fc.dictionary(fc.constantFrom(...EXTRA_NAMES), fc.constantFrom<unknown>('1', 1, null, 'x\u0000'), { maxKeys: 2 }), { freq: 5 });
  const shape = fc.constantFrom('declared', 'declared', 'declared', 'declared', 'declared', 'declared', 'json', 'raw');
  const raw = fc.constantFrom(
    '{',
    '[]',
    '[1,2]',
    'null',
    '"text"',
    '123',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    '['.repeat(5000),
    '{"a":' + '1'.repeat(400) + '}',
  );
  return fc.tuple(fields, extras, shape, raw).map(([values, extra, kind, rawBody]) => {
    const input: Json = {};
    for (const [k, v] of Object.entries(values as Json)) if (v !== OMIT) input[k] = v;
    Object.assign(input, extra ?? {});
    const headers: Record<string, string> = {};
    if (o.op['x-idempotent']) headers['idempotency-key'] = randomBytes(12).toString('hex');
    if (o.method === 'GET') {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(input)) for (const one of [asQuery(v)].flat()) qs.append(k, one);
      const q = qs.toString();
      return { method: 'GET', url: q ? `${o.path}?${q}` : o.path, headers, note: `query ${short(input)}` };
    }
    if (kind === 'raw') {
      return {
        method: 'POST',
        url: o.path,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: rawBody,
        note: `raw body ${rawBody.slice(0, 60)}`,
      };
    }
    if (o.bodyType === 'multipart/form-data' && kind === 'declared') {
      const form: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(input)) form[k] = asQuery(v);
      const { body, contentType } = multipartBody(form, binaryParts(o, values as Json));
      return { method: 'POST', url: o.path, headers: { ...headers, 'content-type': contentType }, payload: body, note: `form ${short(input)}` };
    }
    return { method: 'POST', url: o.path, headers: { ...headers, 'content-type': 'application/json' }, payload: jsonBody(input), note: `json ${short(input)}` };
  });
}

/** File parts for a multipart operation's binary fields: empty, junk, or a header-only "image". */
function binaryParts(o: Operation, values: Json) {
  const files: Record<string, { name: string; content: Buffer; type: string }> = {};
  for (const p of o.params) {
    const binary = JSON.stringify(p.schema).includes('"binary"');
    if (!binary || values[p.name] !== OMIT) continue;
    const kinds = [Buffer.alloc(0), Buffer.from('not an image'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
    files[p.name] = { name: 'x\u0000.png', content: kinds[p.name.length % kinds.length], type: 'image/png' };
  }
  return files;
}

/**
 * JSON as a browser sends it: 64-bit ints exact, and every surrogate escaped (\ud800), as
 * JSON.stringify does — raw, a lone half could not even travel as UTF-8 and would arrive as U+FFFD.
 */
function jsonBody(v: unknown): string {
  return stringifyJson(v).replace(/[\ud800-\udfff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16));
}

function short(v: unknown): string {
  const s = stringifyJson(v) ?? String(v);
  return s.length > 160 ? s.slice(0, 160) + `…(${s.length} chars)` : s;
}

/** Content types the document declares for this status (or 'default'). */
function declaredTypes(o: Operation, status: number): string[] {
  const r = o.op.responses?.[String(status)] ?? o.op.responses?.default;
  return Object.keys(r?.content ?? {});
}

const problems: string[] = [];
let sent = 0;
let fiveHundreds = 0;
let lastCounts: Map<string, string> | undefined;

async function send(o: Operation, req: Sent, auth: boolean): Promise<void> {
  const headers: Record<string, string> = { ...req.headers, 'x-locale': sent % 2 ? 'en-US' : 'zh-CN' };
  if (auth) headers['x-misi-token'] = token;
  const before = lastCounts ?? (await watch.counts());
  sent++;
  let res: Awaited<ReturnType<typeof t.app.inject>>;
  try {
    res = await t.app.inject({ method: req.method, url: req.url, headers, payload: req.payload });
  } catch (err) {
    fiveHundreds++;
    problems.push(`no response (${(err as Error).message}): ${req.method} ${o.path} ${req.note}`);
    lastCounts = undefined;
    return;
  }
  const where = `${req.method} ${o.path} ${auth ? '' : '(signed out) '}${req.note} → ${res.statusCode}`;
  const body = res.rawPayload.toString('utf8');
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  if (res.statusCode >= 500) {
    fiveHundreds++;
    problems.push(`5xx: ${where} ${body.slice(0, 200)}`);
  }
  let json: Json | undefined;
  if (type === 'application/json') {
    try {
      json = JSON.parse(body) as Json;
    } catch {
      problems.push(`invalid JSON body: ${where} ${body.slice(0, 120)}`);
    }
  }
  // The body's type is the one OpenAPI declares for this status; errors the document does not list
  // (405, 413, 429…) must still be the JSON envelope, and a redirect has no body.
  const declared = declaredTypes(o, res.statusCode);
  const redirect = res.statusCode >= 300 && res.statusCode < 400 && body === '' && o.op.responses?.[String(res.statusCode)];
  if (!redirect && !declared.includes(type) && !(type === 'application/json' && (res.statusCode >= 400 || declared.length === 0))) {
    problems.push(`undeclared content type "${type}": ${where} (declared: ${declared.join(', ') || 'none'})`);
  }
  if (STACK.test(body)) problems.push(`stack trace in body: ${where} ${body.slice(0, 200)}`);
  const refused = res.statusCode >= 400 || (json !== undefined && 'code' in json && json.code !== 0);
  if (refused && json) {
    if (typeof json.msg !== 'string' || !json.msg || RAW_KEY.test(json.msg)) problems.push(`error without a readable message: ${where} ${body.slice(0, 160)}`);
  }
  lastCounts = await watch.counts();
  if (!refused && type !== 'application/json') {
    // A streamed file (an export) is recorded in the operation log once the stream has ended, which
    // can be just after the response is complete: let that write land here, not on the next request.
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const again = await watch.counts();
      if (watch.diff(lastCounts, again).length === 0) break;
      lastCounts = again;
    }
  }
  if (refused) {
    const changed = watch.diff(before, lastCounts, o.path === '/api/user/login' || res.statusCode === 403 ? LOGGED_WHEN_REFUSED : WRITTEN_WHEN_REFUSED);
    if (changed.length) problems.push(`refused but wrote ${changed.join(', ')}: ${where} ${body.slice(0, 160)}`);
  }
  // A fuzzed logout ends the session: sign in again so the rest still runs signed in.
  if (auth && json?.code === 100000) {
    token = await t.login(USER.username, USER.password);
    lastCounts = undefined;
  }
}

test('no input makes a 5xx, breaks the envelope, leaks a stack or changes data when refused', async () => {
  expect(operations.length).toBeGreaterThan(70);
  const snapshotBefore = await watch.snapshot();
  const countsBefore = await watch.counts();
  let signedOut = 0;
  for (const [i, o] of operations.entries()) {
    const reqs = fc.sample(requestArb(o), { seed: SEED + i, numRuns: PER_OPERATION });
    for (const r of reqs) await send(o, r, true);
    // Signed out: a sample of the same requests (public operations answer, the others refuse with 401).
    for (const r of reqs.slice(0, SIGNED_OUT_SAMPLE)) {
      await send(o, r, false);
      signedOut++;
    }
  }
  const gets = operations.filter((o) => o.method === 'GET').length;
  console.log(
    `fuzz: ${sent} requests over ${operations.length} operations (${gets} GET), ${signedOut} signed out, ${fiveHundreds} answered 5xx, ${problems.length} problems`,
  );
  // The triggers see row writes only: a table whose running checksum is back where it started must
  // also hold the very same rows (a TRUNCATE, or a write the triggers missed, would show here).
  const countsAfter = await watch.counts();
  const snapshotAfter = await watch.snapshot();
  const quiet = watch.tables.filter((tbl) => (countsBefore.get(tbl) ?? '0') === (countsAfter.get(tbl) ?? '0'));
  const drifted = quiet.filter((tbl) => snapshotBefore.get(tbl) !== snapshotAfter.get(tbl));
  expect(drifted, 'tables changed without any counted write').toEqual([]);
  expect(problems.slice(0, 60)).toEqual([]);
  expect(fiveHundreds).toBe(0);
}, 600_000);
