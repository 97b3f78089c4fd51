/**
 * GET /analytics/performance: one SQL pass per metric family — orders (summary, trend, status,
 * platform, per store via GROUPING SETS), refunds (summary, trend), settlements (summary, per store) —
 * each covering the current and the previous period at once. Definitions: README.md.
 */
import type { Db } from '../../core/contract';
import type { DashboardPerformance, DashboardPerformanceInput } from '../../../src/generated/types';
import { scopeSql, type RowRestriction } from '../../core/data-scope';
import { divRound, fromCents as money } from '../../core/money';
import { cents, change, rate } from './money';
import { bucketStarts, resolveRange } from './range';

/** The row's calendar bucket start in the business time zone `tz`, as 'YYYY-MM-DD' (timestamps are stored in UTC). */
const bucketSql = (col: string, g: string, tz: string) => `to_char(date_trunc(${g}, ${col} AT TIME ZONE ${tz}::text), 'YYYY-MM-DD')`;

/** `scope`: the user's data scope (server/core/data-scope.ts), on the orders' columns; null adds nothing. */
interface Filters {
  merchantId?: string | null;
  storeId?: string | null;
  scope?: RowRestriction | null;
}

function orderFilters(f: Filters, params: unknown[], alias = 'o'): string {
  const parts: string[] = [];
  const scoped = scopeSql(f.scope ?? null, params, alias);
  if (scoped) parts.push(scoped);
  if (f.merchantId) {
    params.push(BigInt(f.merchantId));
    parts.push(`${alias}.merchant_id = $${params.length}`);
  }
  if (f.storeId) {
    params.push(BigInt(f.storeId));
    parts.push(`${alias}.store_id = $${params.length}`);
  }
  return parts.map((p) => ` AND ${p}`).join('');
}

interface OrderAgg {
  cur: boolean;
  g: number;
  bucket: string | null;
  status: string | null;
  platform: string | null;
  store_id: bigint | null;
  orders: bigint;
  gmv: string;
  assigned: bigint;
  completed: bigint;
}

/** `timeZone`: the business time zone (schemas/app.json), in which days and buckets are counted. */
export async function performance(
  db: Db,
  input: DashboardPerformanceInput,
  timeZone: string,
  now = new Date(),
  scope: RowRestriction | null = null,
): Promise<DashboardPerformance<bigint>> {
  const range = resolveRange(input, timeZone, now);
  const granularity: 'day' | 'week' | 'month' = input.granularity === 'week' || input.granularity === 'month' ? input.granularity : 'day';
  const f: Filters = { merchantId: input.merchantId || null, storeId: input.storeId || null, scope };

  // Orders, by creation time.
  const op: unknown[] = [range.prevStart, range.start, range.end, granularity, timeZone];
  const ordersSql = `
    SELECT cur, bucket, status, platform, store_id, GROUPING(bucket, status, platform, store_id) AS g,
           count(*) AS orders, COALESCE(sum(paid_amount), 0) AS gmv,
           count(*) FILTER (WHERE assigned_at IS NOT NULL) AS assigned,
           count(*) FILTER (WHERE status IN ('to_settle', 'settled')) AS completed
      FROM (SELECT o.created_at >= $2 AS cur, ${bucketSql('o.created_at', '$4', '$5')} AS bucket, o.status, o.platform, o.store_id,
                   o.paid_amount, o.assigned_at
              FROM orders o WHERE o.created_at >= $1 AND o.created_at < $3${orderFilters(f, op)}) x
     GROUP BY GROUPING SETS ((cur), (cur, bucket), (cur, status), (cur, platform), (cur, store_id))`;

  // Refunds, by refund time, of the filtered orders.
  const rp: unknown[] = [range.prevStart, range.start, range.end, granularity, timeZone];
  const refundsSql = `
    SELECT cur, bucket, GROUPING(bucket) AS g, COALESCE(sum(amount), 0) AS amount
      FROM (SELECT r.at >= $2 AS cur, ${bucketSql('r.at', '$4', '$5')} AS bucket, r.amount
              FROM refunds r JOIN orders o ON o.id = r.order_id
             WHERE r.at >= $1 AND r.at < $3${orderFilters(f, rp)}) x
     GROUP BY GROUPING SETS ((cur), (cur, bucket))`;

  // Settlements: paid out (settled, by payout time) and awaiting payout (confirmed, by confirmation time).
  const sp: unknown[] = [range.prevStart, range.start, range.end];
  const sFilters = [
    orderFilters({ scope }, sp),
    f.merchantId ? (sp.push(BigInt(f.merchantId)), ` AND o.merchant_id = $${sp.length}`) : '',
    f.storeId ? (sp.push(BigInt(f.storeId)), ` AND s.store_id = $${sp.length}`) : '',
  ].join('');
  const settlementsSql = `
    SELECT cur, store_id, GROUPING(store_id) AS g,
           COALESCE(sum(amount) FILTER (WHERE settled), 0) AS settled,
           COALESCE(sum(amount) FILTER (WHERE NOT settled), 0) AS pending
      FROM (SELECT s.status = 'settled' AS settled, s.amount, s.store_id,
                   (CASE WHEN s.status = 'settled' THEN s.settled_at ELSE s.confirmed_at END) >= $2 AS cur
              FROM settlements s JOIN orders o ON o.id = s.order_id
             WHERE ((s.status = 'settled' AND s.settled_at >= $1 AND s.settled_at < $3)
                 OR (s.status = 'confirmed' AND s.confirmed_at >= $1 AND s.confirmed_at < $3))${sFilters}) x
     GROUP BY GROUPING SETS ((cur), (cur, store_id))`;

  const [ordersRes, refundsRes, settleRes] = await Promise.all([
    db.query<OrderAgg>(ordersSql, op),
    db.query<{ cur: boolean; bucket: string | null; g: number; amount: string }>(refundsSql, rp),
    db.query<{ cur: boolean; store_id: bigint | null; g: number; settled: string; pending: string }>(settlementsSql, sp),
  ]);

  const o = ordersRes.rows;
  const total = (cur: boolean) => o.find((r) => r.cur === cur && Number(r.g) === 15);
  const period = (cur: boolean) => {
    const t = total(cur);
    const refund = refundsRes.rows.find((r) => r.cur === cur && Number(r.g) === 1);
    const s = settleRes.rows.find((r) => r.cur === cur && Number(r.g) === 1);
    const orders = Number(t?.orders ?? 0);
    const gmv = cents(t?.gmv ?? '0');
    const refunded = cents(refund?.amount ?? '0');
    return {
      orders,
      gmv,
      refunded,
      net: gmv - refunded,
      settled: cents(s?.settled ?? '0'),
      pending: cents(s?.pending ?? '0'),
      avgTicket: orders ? divRound(gmv, BigInt(orders)) : 0n,
      assignmentRate: rate(Number(t?.assigned ?? 0), orders),
      completionRate: rate(Number(t?.completed ?? 0), orders),
    };
  };
  const cur = period(true);
  const prev = period(false);
  const m = (k: 'gmv' | 'refunded' | 'net' | 'settled' | 'pending' | 'avgTicket') => ({
    value: money(cur[k]),
    previous: money(prev[k]),
    change: change(cur[k], prev[k]),
  });
  const r = (k: 'assignmentRate' | 'completionRate') => ({ value: cur[k], previous: prev[k], change: Math.round((cur[k] - prev[k]) * 10000) / 10000 });

  const byBucket = new Map(o.filter((x) => x.cur && Number(x.g) === 7).map((x) => [x.bucket!, x]));
  const refundByBucket = new Map(refundsRes.rows.filter((x) => x.cur && Number(x.g) === 0).map((x) => [x.bucket!, x.amount]));
  const trend = bucketStarts(range.from, range.to, granularity).map((bucket) => ({
    bucket,
    orders: Number(byBucket.get(bucket)?.orders ?? 0),
    gmv: money(cents(byBucket.get(bucket)?.gmv ?? '0')),
    refunded: money(cents(refundByBucket.get(bucket) ?? '0')),
  }));

  const byStatus = o
    .filter((x) => x.cur && Number(x.g) === 11)
    .map((x) => ({ status: x.status!, orders: Number(x.orders), gmv: money(cents(x.gmv)) }))
    .sort((a, b) => b.orders - a.orders || a.status.localeCompare(b.status));
  const byPlatform = o
    .filter((x) => x.cur && Number(x.g) === 13)
    .map((x) => ({ platform: x.platform!, orders: Number(x.orders), gmv: money(cents(x.gmv)) }))
    .sort((a, b) => b.orders - a.orders || a.platform.localeCompare(b.platform));

  const settledByStore = new Map(
    settleRes.rows.filter((x) => x.cur && Number(x.g) === 0 && x.store_id !== null).map((x) => [String(x.store_id), cents(x.settled)]),
  );
  const top = o
    .filter((x) => x.cur && Number(x.g) === 14 && x.store_id !== null)
    .map((x) => ({ storeId: x.store_id!, orders: Number(x.orders), completed: Number(x.completed), settled: settledByStore.get(String(x.store_id)) ?? 0n }))
    .sort((a, b) => b.orders - a.orders || (b.settled > a.settled ? 1 : b.settled < a.settled ? -1 : 0) || (a.storeId < b.storeId ? -1 : 1))
    .slice(0, 10);
  const names = top.length
    ? (
        await db.query<{ id: bigint; name: string; merchant_name: string }>(
          'SELECT s.id, s.name, m.name AS merchant_name FROM stores s JOIN merchants m ON m.id = s.merchant_id WHERE s.id = ANY($1::int8[])',
          [top.map((x) => x.storeId.toString())],
        )
      ).rows
    : [];
  const nameOf = new Map(names.map((n) => [String(n.id), n]));

  return {
    range: { dateFrom: range.from, dateTo: range.to, days: range.days, previousFrom: range.prevFrom, previousTo: range.prevTo, granularity },
    summary: {
      orders: { value: cur.orders, previous: prev.orders, change: change(BigInt(cur.orders), BigInt(prev.orders)) },
      gmv: m('gmv'),
      refunded: m('refunded'),
      net: m('net'),
      settled: m('settled'),
      pendingSettlement: m('pending'),
      avgTicket: m('avgTicket'),
      assignmentRate: r('assignmentRate'),
      completionRate: r('completionRate'),
    },
    trend,
    byStatus,
    byPlatform,
    topStores: top.map((x, i) => ({
      rank: i + 1,
      storeId: x.storeId,
      storeName: nameOf.get(String(x.storeId))?.name ?? '',
      merchantName: nameOf.get(String(x.storeId))?.merchant_name ?? '',
      orders: x.orders,
      completed: x.completed,
      completionRate: rate(x.completed, x.orders),
      settledAmount: money(x.settled),
    })),
  };
}
