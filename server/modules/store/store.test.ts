import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignableSql, isAssignable } from './store-service';
import { PNG, setup, type Kit } from '../../test/module-kit';

let k: Kit;
let merchantId: string; // 小羊管家家电清洗
let otherMerchantId: string; // 洁到家家政保洁
beforeAll(async () => {
  k = await setup();
  const m = await k.db.query<{ id: bigint; name: string }>(`SELECT id, name FROM merchants WHERE name IN ('小羊管家家电清洗', '洁到家家政保洁')`);
  merchantId = String(m.rows.find((r) => r.name === '小羊管家家电清洗')!.id);
  otherMerchantId = String(m.rows.find((r) => r.name === '洁到家家政保洁')!.id);
}, 120_000);
afterAll(() => k?.close());

const NEW_STORE = {
  name: '小羊管家（南山店）',
  region: ['440000', '440300', '440305'],
  address: '南山区科技园科苑路 15 号',
  contact: '张晓峰',
  phone: '13800138000',
  serviceArea: ['440305', '440306'],
  businessHours: '08:00-20:00',
};

async function newStore(over: Record<string, unknown> = {}) {
  const r = await k.call('POST', '/api/store/edit', { body: { merchantId, ...NEW_STORE, ...over } });
  expect(r.status).toBe(200);
  return r.data;
}

const audit = (id: string, result: string, reason?: string, token?: string) => k.call('POST', '/api/store/audit', { body: { id, result, reason }, token });

describe('the seed', () => {
  it('has about 60 stores across real regions, mostly approved, with audits logged', async () => {
    const stores = await k.count('stores');
    expect(stores).toBeGreaterThanOrEqual(60);
    expect(await k.count('stores', "audit_status = 'approved'")).toBeGreaterThan(stores / 2);
    expect(await k.count('stores', "audit_status = 'rejected'")).toBeGreaterThan(0);
    expect(await k.count('stores', "audit_status = 'pending'")).toBeGreaterThan(0);
    // every decided store has its decision in the log
    expect(
      await k.count(
        'stores s',
        "audit_status <> 'pending' AND NOT EXISTS (SELECT 1 FROM store_audits a WHERE a.store_id = s.id AND a.result = s.audit_status)",
      ),
    ).toBe(0);
    expect(await k.count('users', 'store_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await k.count('users', "store_id IS NOT NULL AND 'admin' = ANY(roles)")).toBe(0);
  });
});

describe('GET /store/list', () => {
  it('pages stores with merchant name, region, service area and open order count', async () => {
    const r = await k.call('GET', '/api/store/list?pageSize=100', { token: k.finance });
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(await k.count('stores'));
    const s = r.data.list[0];
    expect(s).toMatchObject({ merchantName: expect.any(String), region: expect.any(Array), serviceArea: expect.any(Array) });
    for (const row of r.data.list) {
      const open = await k.count('orders', "store_id = $1 AND status IN ('assigned', 'in_service')", [row.id]);
      expect(row.openOrderCount).toBe(open);
    }
  });

  it('counts orders assigned or in service as open', async () => {
    const store = await newStore({ name: '小羊管家（福田店）', serviceArea: ['440304'] });
    await audit(store.id, 'approved');
    const order = await k.db.query<{ id: bigint }>(`SELECT id FROM orders WHERE merchant_id = $1 LIMIT 2`, [merchantId]);
    if (order.rows.length === 2) {
      await k.db.query(`UPDATE orders SET store_id = $1, status = 'assigned' WHERE id = $2`, [store.id, String(order.rows[0].id)]);
      await k.db.query(`UPDATE orders SET store_id = $1, status = 'settled' WHERE id = $2`, [store.id, String(order.rows[1].id)]);
      const r = await k.call('GET', `/api/store/getById?id=${store.id}`);
      expect(r.data.openOrderCount).toBe(1);
    }
  });

  it('filters by name, merchant, region (any depth), audit status and status', async () => {
    const byName = await k.call('GET', `/api/store/list?name=${encodeURIComponent('小羊管家')}&pageSize=100`);
    expect(byName.data.list.length).toBeGreaterThan(0);
    expect(byName.data.list.every((s: any) => s.name.includes('小羊管家'))).toBe(true);
    const byMerchant = await k.call('GET', `/api/store/list?merchantId=${otherMerchantId}`);
    expect(byMerchant.data.total).toBe(await k.count('stores', 'merchant_id = $1', [otherMerchantId]));
    expect(byMerchant.data.list.every((s: any) => s.merchantName === '洁到家家政保洁')).toBe(true);
    const gd = await k.call('GET', '/api/store/list?region=440000&pageSize=100');
    expect(gd.data.total).toBe(await k.count('stores', "province = '440000'"));
    const sz = await k.call('GET', '/api/store/list?region=440000&region=440300&pageSize=100');
    expect(sz.data.total).toBe(await k.count('stores', "city = '440300'"));
    expect(sz.data.list.every((s: any) => s.region[1] === '440300')).toBe(true);
    const pending = await k.call('GET', '/api/store/list?auditStatus=pending&pageSize=100');
    expect(pending.data.total).toBe(await k.count('stores', "audit_status = 'pending'"));
    const disabled = await k.call('GET', '/api/store/list?status=disabled&pageSize=100');
    expect(disabled.data.total).toBe(await k.count('stores', "status = 'disabled'"));
  });

  it('refuses bad filters by field name', async () => {
    const region = await k.call('GET', '/api/store/list?region=44');
    expect(region.status).toBe(400);
    expect(region.msg).toContain('所在地区');
    const audit = await k.call('GET', '/api/store/list?auditStatus=done');
    expect(audit.status).toBe(400);
    expect(audit.msg).toContain('审核状态');
    expect((await k.call('GET', '/api/store/list', { token: null })).status).toBe(401);
  });
});

describe('POST /store/edit', () => {
  it('creates a store pending audit (no id), with photos as file parts', async () => {
    const r = await k.call('POST', '/api/store/edit', {
      parts: [
        { name: 'merchantId', value: merchantId },
        { name: 'name', value: '小羊管家（宝安店）' },
        { name: 'region', value: '440000' },
        { name: 'region', value: '440300' },
        { name: 'region', value: '440306' },
        { name: 'address', value: '宝安区新安街道 1 号' },
        { name: 'contact', value: '李娜' },
        { name: 'phone', value: '0755-86001234' },
        { name: 'serviceArea', value: '440306' },
        { name: 'photos', file: { filename: '门头.png', data: PNG, type: 'image/png' } },
        { name: 'photos', file: { filename: '店内.png', data: PNG, type: 'image/png' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ auditStatus: 'pending', status: 'enabled', region: ['440000', '440300', '440306'], serviceArea: ['440306'] });
    expect(r.data.photos).toHaveLength(2);
    expect(await k.count('files', 'key = ANY($1::text[])', [r.data.photos])).toBe(2);
  });

  it('accepts a city without districts (东莞) and refuses broken regions by field', async () => {
    const dg = await newStore({ name: '东莞店', region: ['440000', '441900'], serviceArea: ['441900'] });
    expect(dg.region).toEqual(['440000', '441900']);
    const stores = await k.count('stores');
    const cases: [Record<string, unknown>, string][] = [
      [{ region: ['440000', '110100'] }, '所在地区'], // city not in the province
      [{ region: ['440000'] }, '所在地区'], // too shallow
      [{ region: ['999999', '440300'] }, '所在地区'],
      [{ serviceArea: ['440000'] }, '服务区域'], // a province is not a service area
      [{ serviceArea: ['123456'] }, '服务区域'],
      [{ serviceArea: [] }, '服务区域'],
      [{ name: '' }, '门店名称'],
      [{ name: undefined }, '门店名称'],
      [{ phone: '1234' }, '联系电话'],
      [{ merchantId: '77777' }, '所属商户'],
      [{ merchantId: undefined }, '所属商户'],
      [{ photos: ['0'.repeat(32)] }, '门店照片'],
      [{ businessHours: 'x'.repeat(51) }, '营业时间'],
    ];
    for (const [over, field] of cases) {
      const r = await k.call('POST', '/api/store/edit', { body: { merchantId, ...NEW_STORE, ...over } });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.msg, JSON.stringify(over)).toContain(field);
    }
    expect(await k.count('stores')).toBe(stores);
  });

  it('says what is wrong with a region that stops too early, not "invalid: <nothing>"', async () => {
    const zh = await k.call('POST', '/api/store/edit', { body: { merchantId, ...NEW_STORE, region: ['440000'] } });
    expect(zh.status).toBe(400);
    expect(zh.msg).toBe('「所在地区」只选到了省，请选择到市或区县');
    const en = await k.call('POST', '/api/store/edit', { body: { merchantId, ...NEW_STORE, region: ['440000'] }, locale: 'en-US' });
    expect(en.msg).toBe('"Region" stops at a province; choose down to a city or district');
  });

  it('reads a service area sent as one picked path [province, city, district] as that district', async () => {
    const s = await newStore({ name: '小羊管家（前海店）', serviceArea: ['440000', '440300', '440305'] });
    expect(s.serviceArea).toEqual(['440305']);
  });

  it('sends an approved store back to pending when its service area or merchant changes', async () => {
    const s = await newStore({ name: '小羊管家（罗湖店）', region: ['440000', '440300', '440303'], serviceArea: ['440303'] });
    expect((await audit(s.id, 'approved')).data.auditStatus).toBe('approved');
    // other fields: stays approved
    const same = await k.call('POST', '/api/store/edit', { body: { id: s.id, contact: '王五', serviceArea: ['440303'] } });
    expect(same.data).toMatchObject({ contact: '王五', auditStatus: 'approved' });
    const area = await k.call('POST', '/api/store/edit', { body: { id: s.id, serviceArea: ['440303', '440304'] } });
    expect(area.data.auditStatus).toBe('pending');
    await audit(s.id, 'approved');
    const moved = await k.call('POST', '/api/store/edit', { body: { id: s.id, merchantId: otherMerchantId } });
    expect(moved.data).toMatchObject({ auditStatus: 'pending', merchantName: '洁到家家政保洁' });
  });

  it("keeps a store's merchant while it has unfinished orders: 409 naming them, nothing changed", async () => {
    const { rows } = await k.db.query<{ store_id: bigint; n: number }>(
      `SELECT store_id, count(*)::int AS n FROM orders WHERE status IN ('assigned', 'in_service', 'to_settle') AND store_id IS NOT NULL
       GROUP BY store_id ORDER BY store_id LIMIT 1`,
    );
    const storeId = String(rows[0].store_id);
    const before = (await k.call('GET', `/api/store/getById?id=${storeId}`)).data;
    const other = before.merchantId === merchantId ? otherMerchantId : merchantId;
    const moved = await k.call('POST', '/api/store/edit', { body: { id: storeId, merchantId: other, name: '改名不应生效' } });
    expect(moved.status).toBe(409);
    expect(moved.msg).toBe(`该门店还有 ${rows[0].n} 个未完成的订单（已派单、服务中或待结算），不能更换「所属商户」`);
    expect((await k.call('GET', `/api/store/getById?id=${storeId}`)).data).toMatchObject({
      merchantId: before.merchantId,
      name: before.name,
      auditStatus: before.auditStatus,
    });
  });

  it('resubmits a rejected store when it is edited', async () => {
    const s = await newStore({ name: '小羊管家（龙岗店）' });
    await audit(s.id, 'rejected', '门店照片未体现门头招牌');
    const r = await k.call('POST', '/api/store/edit', { body: { id: s.id, address: '龙岗区龙城大道 9 号' } });
    expect(r.data).toMatchObject({ auditStatus: 'pending', auditReason: null });
  });

  it('refuses clearing a required field, an unknown id, and finance', async () => {
    const s = await newStore({ name: '小羊管家（盐田店）' });
    const clear = await k.call('POST', '/api/store/edit', { body: { id: s.id, address: null } });
    expect(clear.status).toBe(400);
    expect(clear.msg).toBe('详细地址 不能为空');
    expect((await k.call('POST', '/api/store/edit', { body: { id: '9999', name: 'x' } })).status).toBe(404);
    const fin = await k.call('POST', '/api/store/edit', { token: k.finance, body: { id: s.id, name: '财务改名' } });
    expect(fin.status).toBe(403);
    expect((await k.call('GET', `/api/store/getById?id=${s.id}`)).data.name).toBe('小羊管家（盐田店）');
  });
});

describe('POST /store/audit', () => {
  it('approves a pending store once; a second audit is refused with 409 naming the state', async () => {
    const s = await newStore({ name: '小羊管家（坪山店）' });
    const ok = await audit(s.id, 'approved');
    expect(ok.data.auditStatus).toBe('approved');
    const again = await audit(s.id, 'rejected', '重复');
    expect(again.status).toBe(409);
    expect(again.code).toBe(40900);
    expect(again.msg).toBe('该门店当前为「已通过」状态，只有待审核的门店可以审核');
    const en = await audit(s.id, 'approved', undefined, undefined);
    expect(en.status).toBe(409);
    const enMsg = await k.call('POST', '/api/store/audit', { body: { id: s.id, result: 'approved' }, locale: 'en-US' });
    expect(enMsg.msg).toContain('"Approved"');
    const logs = await k.call('GET', `/api/store/audits?id=${s.id}`, { token: k.finance });
    expect(logs.data).toHaveLength(1);
    expect(logs.data[0]).toMatchObject({
      result: 'approved',
      reason: null,
      operatorId: k.adminId,
      // the shape of the built-in "timeline" slot: action, before → after, remark
      action: 'approve',
      before: { auditStatus: 'pending' },
      after: { auditStatus: 'approved' },
      remark: null,
    });
    expect(logs.data[0].operatorName).toBeTruthy();
  });

  it('rejects only with a reason, and logs who, when, result and reason', async () => {
    const s = await newStore({ name: '小羊管家（光明店）' });
    const noReason = await audit(s.id, 'rejected');
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toBe('驳回时必须填写「驳回原因」');
    const blank = await audit(s.id, 'rejected', '   ');
    expect(blank.status).toBe(400);
    expect(await k.count('store_audits', 'store_id = $1', [s.id])).toBe(0);
    const r = await audit(s.id, 'rejected', '营业执照照片模糊');
    expect(r.data).toMatchObject({ auditStatus: 'rejected', auditReason: '营业执照照片模糊' });
    const logs = await k.call('GET', `/api/store/audits?id=${s.id}`);
    expect(logs.data[0]).toMatchObject({
      result: 'rejected',
      reason: '营业执照照片模糊',
      action: 'reject',
      after: { auditStatus: 'rejected' },
      remark: '营业执照照片模糊',
    });
    expect(Date.now() - Date.parse(logs.data[0].at)).toBeLessThan(60_000);
  });

  it('is admin only and validates its input', async () => {
    const s = await newStore({ name: '小羊管家（大鹏店）' });
    const fin = await audit(s.id, 'approved', undefined, k.finance);
    expect(fin.status).toBe(403);
    expect((await k.call('GET', `/api/store/getById?id=${s.id}`)).data.auditStatus).toBe('pending');
    const bad = await audit(s.id, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('审核结果');
    const missing = await k.call('POST', '/api/store/audit', { body: { result: 'approved' } });
    expect(missing.status).toBe(400);
    expect((await audit('4242', 'approved')).status).toBe(404);
    expect((await k.call('GET', '/api/store/audits?id=4242')).status).toBe(404);
  });

  it('serialises an edit racing an audit (row lock): the result matches one order or the other', async () => {
    const s = await newStore({ name: '小羊管家（龙华店）', serviceArea: ['440309'] });
    const [edit, aud] = await Promise.all([
      k.call('POST', '/api/store/edit', { body: { id: s.id, serviceArea: ['440309', '440310'] } }),
      audit(s.id, 'approved'),
    ]);
    expect(edit.status).toBe(200);
    expect(aud.status).toBe(200);
    const final = (await k.call('GET', `/api/store/getById?id=${s.id}`)).data;
    expect(final.serviceArea).toEqual(['440309', '440310']);
    // audit first → the edit sent it back to pending; edit first → the audit approved the new area
    const auditFirst = edit.data.auditStatus === 'pending' && aud.data.serviceArea.length === 1;
    expect(final.auditStatus).toBe(auditFirst ? 'pending' : 'approved');
    expect(await k.count('store_audits', 'store_id = $1', [s.id])).toBe(1);
  });
});

describe('concurrent writes (truly parallel on PostgreSQL: DATABASE_URL=…)', () => {
  it('20 concurrent audits of one pending store: exactly one applies, the rest get 409', async () => {
    const s = await newStore({ name: '小羊管家（并发店）' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? audit(s.id, 'approved') : audit(s.id, 'rejected', '资料不全'))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === 40900)).toHaveLength(19);
    expect(await k.count('store_audits', 'store_id = $1', [s.id])).toBe(1);
    const winner = results.find((r) => r.status === 200)!.data.auditStatus;
    expect((await k.call('GET', `/api/store/getById?id=${s.id}`)).data.auditStatus).toBe(winner);
  });
});

describe('GET /dict/store', () => {
  it('returns options with merchant and region details, at most 50', async () => {
    const r = await k.call('GET', '/api/dict/store');
    expect(r.data.length).toBeLessThanOrEqual(50);
    expect(r.data.length).toBeGreaterThan(0);
    for (const o of r.data) {
      expect(Object.keys(o).sort()).toEqual(['auditStatus', 'city', 'district', 'label', 'merchantId', 'merchantName', 'province', 'serviceArea', 'value']);
      expect(o).toMatchObject({
        value: expect.stringMatching(/^\d+$/),
        label: expect.any(String),
        merchantId: expect.stringMatching(/^\d+$/),
        merchantName: expect.any(String),
        province: expect.stringMatching(/^\d{6}$/),
        serviceArea: expect.any(Array),
        auditStatus: expect.stringMatching(/^(pending|approved|rejected)$/),
      });
    }
  });

  it('filters by the place an order is in: only stores whose service area covers its city or district', async () => {
    const { rows } = await k.db.query<{ area: string }>(`SELECT unnest(service_area) AS area FROM stores WHERE audit_status = 'approved' LIMIT 1`);
    const area = rows[0].area;
    const city = area.slice(0, 4) + '00';
    const district = area.endsWith('00') ? city.slice(0, 4) + '99' : area;
    const q = `region=${area.slice(0, 2)}0000&region=${city}&region=${district}`;
    const r = await k.call('GET', `/api/dict/store?${q}`);
    expect(r.code).toBe(0);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((o: any) => o.serviceArea.includes(city) || o.serviceArea.includes(district))).toBe(true);
    const expected = await k.count('stores', 'service_area && $1::text[]', [[city, district]]);
    expect(r.data).toHaveLength(Math.min(expected, 50));
    // a place no store serves offers none
    const none = await k.call('GET', '/api/dict/store?region=650000&region=654300&region=654326');
    expect(none.data).toEqual([]);
  });

  it('filters by keyword, merchant and assignable (approved and enabled only); any signed-in user', async () => {
    const kw = await k.call('GET', `/api/dict/store?keyword=${encodeURIComponent('洁到家')}`);
    expect(kw.data.length).toBeGreaterThan(0);
    expect(kw.data.every((o: any) => o.label.includes('洁到家') || o.merchantName.includes('洁到家'))).toBe(true);
    const m = await k.call('GET', `/api/dict/store?merchantId=${otherMerchantId}`);
    expect(m.data.every((o: any) => o.merchantId === otherMerchantId)).toBe(true);
    const assignable = await k.call('GET', `/api/dict/store?assignable=true&merchantId=${merchantId}`);
    const expected = await k.count('stores', "merchant_id = $1 AND audit_status = 'approved' AND status = 'enabled'", [merchantId]);
    expect(assignable.data).toHaveLength(Math.min(expected, 50));
    expect(assignable.data.every((o: any) => o.auditStatus === 'approved')).toBe(true);
    const disabled = await k.db.query<{ id: bigint }>(`SELECT id FROM stores WHERE status = 'disabled' AND audit_status = 'approved' LIMIT 1`);
    if (disabled.rows[0]) {
      const all = await k.call('GET', '/api/dict/store?assignable=true&id=' + disabled.rows[0].id);
      expect(all.data).toEqual([]);
    }
    const dispatcher = await k.t.login('dispatcher', 'dispatcher123');
    expect((await k.call('GET', '/api/dict/store?assignable=true', { token: dispatcher })).status).toBe(200);
    expect((await k.call('GET', '/api/dict/store?assignable=maybe')).status).toBe(400);
    expect((await k.call('GET', '/api/dict/store?merchantId=abc')).status).toBe(400);
  });

  it('labels known ids (id is repeatable)', async () => {
    const two = await k.db.query<{ id: bigint; name: string }>(`SELECT id, name FROM stores ORDER BY id LIMIT 2`);
    const r = await k.call('GET', `/api/dict/store?id=${two.rows[0].id}&id=${two.rows[1].id}`);
    expect(r.data.map((o: any) => o.label).sort()).toEqual(two.rows.map((x) => x.name).sort());
  });
});

describe('isAssignable / assignableSql', () => {
  it('admits approved, enabled stores only, in JS and in SQL alike', async () => {
    expect(isAssignable({ auditStatus: 'approved', status: 'enabled' })).toBe(true);
    expect(isAssignable({ auditStatus: 'approved', status: 'disabled' })).toBe(false);
    expect(isAssignable({ auditStatus: 'pending', status: 'enabled' })).toBe(false);
    expect(isAssignable({ auditStatus: 'rejected', status: 'enabled' })).toBe(false);
    const sql = await k.count('stores s', assignableSql('s'));
    expect(sql).toBe(await k.count('stores', "audit_status = 'approved' AND status = 'enabled'"));
  });
});
