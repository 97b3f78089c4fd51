/**
 * Test fixture for the order module's HTTP tests: a real database (PGlite in a temp folder, or a fresh
 * PostgreSQL schema when DATABASE_URL is set) with migrations applied, the app serving the order
 * resource, three signed-in users (admin, finance, dispatcher bound to store A) and a merchant with stores, a shop,
 * a product and a SKU. Helpers send requests through app.inject() and parse bodies with json-bigint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../core/app';
import { openDb, type SqlDb } from '../../core/db';
import { parseJsonNative } from '../../core/json';
import { runMigrations } from '../../core/migrations';
import { MIGRATIONS_DIR } from '../../core/paths';
import { createSession } from '../../core/sessions';
import { createIdGenerator } from '../../core/snowflake';
import { orderModule } from './index';

export type Role = 'admin' | 'finance' | 'dispatcher';

export interface Fixture {
  app: FastifyInstance;
  db: SqlDb;
  nextId: () => bigint;
  tokens: Record<Role, string>;
  users: Record<Role, bigint>;
  merchantId: bigint;
  otherMerchantId: bigint;
  /** approved + enabled, covering 310115 (Pudong) */
  storeA: bigint;
  /** approved + enabled, covering 310115 and 310104 */
  storeB: bigint;
  /** pending audit */
  storePending: bigint;
  /** of the other merchant */
  storeOther: bigint;
  staffOfA: bigint;
  shopId: bigint;
  productId: bigint;
  skuId: bigint;
  /** another server instance (own pg pool and app) on the same database; PostgreSQL only */
  instance(): Promise<Pick<Fixture, 'app' | 'tokens'>>;
  close(): Promise<void>;
}

export interface Res {
  status: number;
  body: { code: number; msg: string; data: any };
  raw: string;
  headers: Record<string, unknown>;
}

let counter = 0;

export async function openFixture(opts: { databaseUrl?: string } = {}): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'order-test-'));
  const schema = `order_t${process.pid}_${Date.now() % 1e8}_${counter++}`;
  const db = await openDb({ dataDir, databaseUrl: opts.databaseUrl, schema: opts.databaseUrl ? schema : undefined, poolSize: 30 });
  await runMigrations(db, MIGRATIONS_DIR);
  const nextId = createIdGenerator(Math.floor(Math.random() * 1024));
  const app = await buildApp({ db, dataDir, modules: [orderModule], resources: ['order'], staticDir: false, nextId });
  const users = {} as Record<Role, bigint>;
  const tokens = {} as Record<Role, string>;
  for (const role of ['admin', 'finance', 'dispatcher'] as Role[]) {
    const id = nextId();
    await db.query(`INSERT INTO users (id, username, nickname, password_hash, roles) VALUES ($1,$2,$3,'x',$4)`, [id, role, `${role}-nick`, [role]]);
    users[role] = id;
    tokens[role] = await createSession(db, id, { maxHours: 12 });
  }
  const merchantId = nextId();
  const otherMerchantId = nextId();
  await db.query(`INSERT INTO merchants (id, name, contact, phone) VALUES ($1,'小羊管家','王芳','13800000001'), ($2,'洁到家','李娜','13800000002')`, [
    merchantId,
    otherMerchantId,
  ]);
  const store = async (merchant: bigint, name: string, area: string[], audit = 'approved', status = 'enabled') => {
    const id = nextId();
    await db.query(
      `INSERT INTO stores (id, merchant_id, name, province, city, district, address, contact, phone, service_area, audit_status, status)
       VALUES ($1,$2,$3,'310000','310100','310115','张江路 1 号','赵强','13900000000',$4,$5,$6)`,
      [id, merchant, name, area, audit, status],
    );
    return id;
  };
  const storeA = await store(merchantId, '浦东店', ['310115']);
  const storeB = await store(merchantId, '徐汇店', ['310115', '310104']);
  const storePending = await store(merchantId, '待审核店', ['310115'], 'pending');
  const storeOther = await store(otherMerchantId, '别家店', ['310115']);
  // The dispatcher works for store A (data scope): it reaches store A's orders only.
  await db.query('UPDATE users SET store_id = $1 WHERE id = $2', [storeA, users.dispatcher]);
  const staffOfA = nextId();
  await db.query(`INSERT INTO users (id, username, nickname, password_hash, roles, store_id) VALUES ($1,'techa','师傅甲','x','{dispatcher}',$2)`, [
    staffOfA,
    storeA,
  ]);
  const shopId = nextId();
  await db.query(`INSERT INTO shops (id, merchant_id, platform, platform_shop_id, name) VALUES ($1,$2,'taobao','tb-1','小羊管家旗舰店')`, [shopId, merchantId]);
  const productId = nextId();
  await db.query(
    `INSERT INTO products (id, shop_id, merchant_id, platform, platform_product_id, title, price) VALUES ($1,$2,$3,'taobao','p1','空调清洗',100)`,
    [productId, shopId, merchantId],
  );
  const skuId = nextId();
  await db.query(`INSERT INTO skus (id, product_id, platform_sku_id, name, price, service_price) VALUES ($1,$2,'s1','挂机',100,'60.00')`, [skuId, productId]);
  const extra: { app: FastifyInstance; db: SqlDb }[] = [];
  return {
    async instance() {
      if (!opts.databaseUrl) throw new Error('instance() needs DATABASE_URL');
      const db2 = await openDb({ dataDir, databaseUrl: opts.databaseUrl, schema, poolSize: 10 });
      const app2 = await buildApp({
        db: db2,
        dataDir,
        modules: [orderModule],
        resources: ['order'],
        staticDir: false,
        nextId: createIdGenerator(Math.floor(Math.random() * 1024)),
      });
      extra.push({ app: app2, db: db2 });
      return { app: app2, tokens };
    },
    app,
    db,
    nextId,
    tokens,
    users,
    merchantId,
    otherMerchantId,
    storeA,
    storeB,
    storePending,
    storeOther,
    staffOfA,
    shopId,
    productId,
    skuId,
    async close() {
      for (const e of extra) {
        await e.app.close();
        await e.db.close();
      }
      await app.close();
      if (opts.databaseUrl) await db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function stringify(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));
}

/** One API call as `role` (null: no token). GET bodies become the query string. */
export async function call(
  f: Pick<Fixture, 'app' | 'tokens'>,
  role: Role | null,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Res> {
  const h: Record<string, string> = { 'x-locale': 'zh-CN', ...headers };
  if (role) h['x-misi-token'] = f.tokens[role];
  let url = `/api/${path.replace(/^\/+/, '')}`;
  let payload: string | undefined;
  if (method === 'GET') {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(input)) {
      if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)));
      else if (v !== undefined && v !== null) q.append(k, String(v));
    }
    if ([...q].length) url += `?${q}`;
  } else {
    h['content-type'] = 'application/json';
    payload = stringify(input);
  }
  const r = await f.app.inject({ method, url, headers: h, payload });
  let body: any = null;
  try {
    body = parseJsonNative(r.body);
  } catch {
    body = null;
  }
  return { status: r.statusCode, body, raw: r.body, headers: r.headers };
}

/** A minimal valid add-order body for the fixture's merchant (region Pudong, Shanghai). */
export function newOrderBody(f: Fixture, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchantId: String(f.merchantId),
    shopId: String(f.shopId),
    productId: String(f.productId),
    skuId: String(f.skuId),
    quantity: 2,
    customerName: '张伟',
    customerPhone: '13812345678',
    region: ['310000', '310100', '310115'],
    address: '张江路 88 号 3 栋 502',
    paidAmount: '200.00',
    ...extra,
  };
}
