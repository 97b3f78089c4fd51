/**
 * Demo shops (merchantAuth seeds after merchant/store, before product and order): 20 shops across
 * the seeded merchants. The sandbox shops are really authorised — they hold tokens issued by the
 * sandbox platform — so "sync products" and "import history trades" work in the demo at once. The
 * shops on other platforms are there for display (no adapter is written for them yet), in every
 * authorisation state.
 */
import type { Db, SeedDeps } from '../../core/contract';
import { issueSandboxTokens } from '../../platforms/sandbox/endpoints';
import { hashString, sandboxShop } from '../../platforms/sandbox/generate';

interface PlannedShop {
  merchant: number;
  platform: string;
  status: 'authorized' | 'expired' | 'unbound' | 'pending';
  /** sandbox shop account */
  account?: string;
  /** an authorisation ending this many days from now (a workbench to-do "expiring") */
  expiresInDays?: number;
}

const PLAN: PlannedShop[] = [
  { merchant: 0, platform: 'sandbox', status: 'authorized', account: 'demo-02' },
  { merchant: 0, platform: 'taobao', status: 'authorized' },
  { merchant: 0, platform: 'jd', status: 'authorized' },
  { merchant: 1, platform: 'sandbox', status: 'authorized', account: 'demo-03' },
  { merchant: 1, platform: 'douyin', status: 'authorized' },
  { merchant: 1, platform: 'meituan', status: 'authorized' },
  { merchant: 2, platform: 'sandbox', status: 'authorized', account: 'demo-09' },
  { merchant: 2, platform: 'pdd', status: 'authorized' },
  { merchant: 3, platform: 'sandbox', status: 'authorized', account: 'demo-17' },
  { merchant: 3, platform: 'jd', status: 'authorized' },
  { merchant: 3, platform: 'taobao', status: 'expired' },
  { merchant: 4, platform: 'meituan', status: 'pending' },
  { merchant: 5, platform: 'sandbox', status: 'authorized', account: 'demo-23' },
  { merchant: 5, platform: 'douyin', status: 'authorized' },
  { merchant: 6, platform: 'taobao', status: 'authorized' },
  { merchant: 6, platform: 'pdd', status: 'unbound' },
  { merchant: 7, platform: 'sandbox', status: 'authorized', account: 'demo-26' },
  { merchant: 7, platform: 'douyin', status: 'authorized' },
  { merchant: 8, platform: 'jd', status: 'authorized' },
  { merchant: 9, platform: 'tmall', status: 'authorized', expiresInDays: 3 },
];

const SUFFIX: Record<string, string> = {
  taobao: '官方淘宝店',
  tmall: '天猫旗舰店',
  jd: '京东旗舰店',
  douyin: '抖音官方旗舰店',
  pdd: '拼多多专营店',
  meituan: '美团到家服务站',
};

const DAY = 86_400_000;

export async function seedShops({ db, nextId, demo }: SeedDeps): Promise<void> {
  if (!demo) return;
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM shops');
  if (existing.rows[0].n > 0) return;
  const merchants = await db.query<{ id: bigint; name: string; short_name: string | null }>(
    `SELECT id, name, short_name FROM merchants WHERE status = 'enabled' ORDER BY created_at, id`,
  );
  if (!merchants.rows.length) return;
  const now = Date.now();
  for (const [i, plan] of PLAN.entries()) {
    const m = merchants.rows[plan.merchant % merchants.rows.length];
    await insertShop(db, nextId, m, plan, i, now);
  }
}

async function insertShop(db: Db, nextId: () => bigint, m: { id: bigint; name: string; short_name: string | null }, plan: PlannedShop, i: number, now: number) {
  const h = hashString(`${m.name}:${plan.platform}:${i}`);
  const createdAt = new Date(now - (120 + (h % 60)) * DAY);
  const authorizedAt = plan.status === 'pending' ? null : new Date(createdAt.getTime() + (h % 7) * DAY + 3_600_000);
  let name: string;
  let platformShopId: string;
  let access: string | null = null;
  let refresh: string | null = null;
  let expiresAt: Date | null = null;
  if (plan.account) {
    name = sandboxShop(plan.account).name;
    platformShopId = plan.account;
    const t = await issueSandboxTokens(db, plan.account);
    access = t.accessToken;
    refresh = t.refreshToken;
    expiresAt = new Date(now + t.expiresIn * 1000);
  } else {
    name = `${m.short_name || m.name}${SUFFIX[plan.platform] ?? '店铺'}`;
    platformShopId = String(100000000 + (h % 900000000));
    if (plan.status === 'authorized') expiresAt = new Date(now + (plan.expiresInDays ?? 20 + (h % 300)) * DAY);
    if (plan.status === 'expired') expiresAt = new Date(now - (3 + (h % 20)) * DAY);
  }
  const lastSync = plan.status === 'authorized' ? new Date(now - (1 + (h % 20)) * 3_600_000) : null;
  await db.query(
    `INSERT INTO shops (id, merchant_id, platform, platform_shop_id, name, auth_status, access_token, refresh_token,
                        token_expires_at, authorized_at, last_sync_at, unbound_at, remark, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
    [
      nextId(),
      m.id,
      plan.platform,
      platformShopId,
      name,
      plan.status,
      access,
      refresh,
      expiresAt,
      authorizedAt,
      lastSync,
      plan.status === 'unbound' ? new Date(now - 10 * DAY) : null,
      plan.status === 'pending' ? '商户线下提交资料，待平台开放接口后授权' : null,
      createdAt,
    ],
  );
}
