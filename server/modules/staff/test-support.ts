/**
 * Shared set-up of the staff tests: a test app with every module (demo seed), admin/finance/dispatcher
 * tokens, and direct inserts of the rows other modules own (a store, an uploaded file).
 */
import { randomBytes } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/helper';
import { authModule } from '../auth';
import { staffModule } from './index';

export interface StaffTestContext {
  t: TestApp;
  admin: string;
  finance: string;
  dispatcher: string;
  adminId: string;
}

export async function staffTestApp(): Promise<StaffTestContext> {
  // Only the modules these tests need: others may be mid-way through being written.
  const t = await createTestApp({ modules: [authModule, staffModule], resources: ['auth', 'staff'] });
  const admin = await t.login('admin', 'admin123');
  const finance = await t.login('finance', 'finance123');
  const dispatcher = await t.login('dispatcher', 'dispatcher123');
  const { rows } = await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE username = 'admin'`);
  return { t, admin, finance, dispatcher, adminId: String(rows[0].id) };
}

/** A store (and its merchant) written straight to the tables, as the store module would. */
export async function insertStore(t: TestApp, name = '测试门店'): Promise<string> {
  const merchantId = t.nextId();
  const storeId = t.nextId();
  await t.db.query(`INSERT INTO merchants (id, name, contact, phone) VALUES ($1, $2, '张三', '13800138000')`, [merchantId, `测试商户${merchantId}`]);
  await t.db.query(
    `INSERT INTO stores (id, merchant_id, name, province, address, contact, phone)
     VALUES ($1, $2, $3, '110000', '北京市朝阳区建国路 88 号', '李四', '13900139000')`,
    [storeId, merchantId, name],
  );
  return String(storeId);
}

/** A row in files, as POST /file/upload leaves it. */
export async function insertFile(t: TestApp): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await t.db.query(`INSERT INTO files (id, key, name, mime, size, path) VALUES ($1, $2, 'avatar.png', 'image/png', 68, $3)`, [
    t.nextId(),
    key,
    `uploads/${key.slice(0, 2)}/${key}.png`,
  ]);
  return key;
}

export async function userRow(t: TestApp, username: string) {
  const { rows } = await t.db.query<{
    id: bigint;
    roles: string[];
    enabled: boolean;
    nickname: string;
    phone: string | null;
    password_hash: string;
    store_id: bigint | null;
    avatar: string | null;
  }>('SELECT id, roles, enabled, nickname, phone, password_hash, store_id, avatar FROM users WHERE username = $1', [username]);
  return rows[0];
}
