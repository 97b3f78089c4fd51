import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG, setup, type Kit } from '../../test/module-kit';

let k: Kit;
beforeAll(async () => {
  k = await setup();
}, 60_000);
afterAll(() => k?.close());

const byName = async (name: string) => {
  const r = await k.call('GET', `/api/merchant/list?name=${encodeURIComponent(name)}`);
  return r.data.list[0];
};

describe('GET /merchant/list', () => {
  it('pages the seeded merchants with shop and store counts, account numbers masked', async () => {
    const r = await k.call('GET', '/api/merchant/list?current=1&pageSize=5');
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ total: 12, current: 1, pageSize: 5 });
    expect(r.data.list).toHaveLength(5);
    const m = r.data.list[0];
    expect(typeof m.id).toBe('string'); // parsed exactly (json-bigint storeAsString)
    expect(m.storeCount).toBe(await k.count('stores', 'merchant_id = $1', [m.id]));
    expect(m.shopCount).toBe(await k.count('shops', "merchant_id = $1 AND auth_status <> 'unbound'", [m.id]));
    expect(m.bankAccountNoMasked).toMatch(/^\d{4} \*{4} \*{4} \d{4}$/);
    expect(r.data.list.every((x: any) => !('bankAccountNo' in x))).toBe(true);
  });

  it('filters by name (or short name), contact, phone, status and created range', async () => {
    expect((await k.call('GET', '/api/merchant/list?name=小羊')).data.total).toBe(1);
    expect((await k.call('GET', `/api/merchant/list?name=${encodeURIComponent('金钥匙')}`)).data.list[0].name).toBe('金钥匙开锁换锁');
    expect((await k.call('GET', `/api/merchant/list?contact=${encodeURIComponent('陈丽')}`)).data.list[0].name).toBe('洁到家家政保洁');
    expect((await k.call('GET', '/api/merchant/list?phone=13701085216')).data.list[0].name).toBe('速通管道疏通');
    const partial = await k.call('GET', '/api/merchant/list?phone=1370108');
    expect(partial.status).toBe(400); // a phone is searched whole
    expect(partial.msg).toContain('联系电话');
    const disabled = await k.call('GET', '/api/merchant/list?status=disabled');
    expect(disabled.data.list.map((m: any) => m.name)).toEqual(['快修侠家庭维修']);
    const from = new Date(Date.now() - 70 * 86_400_000).toISOString();
    const recent = await k.call('GET', `/api/merchant/list?createdAtFrom=${from}`);
    expect(recent.data.list.map((m: any) => m.name).sort()).toEqual(['好帮手月嫂育儿嫂', '快修侠家庭维修'].sort());
    const none = await k.call('GET', '/api/merchant/list?name=%25');
    expect(none.data.total).toBe(0); // "%" is matched literally, not as a wildcard
  });

  it('refuses bad parameters with a message naming the field', async () => {
    const r = await k.call('GET', '/api/merchant/list?status=maybe');
    expect(r.status).toBe(400);
    expect(r.code).toBe(40000);
    expect(r.msg).toContain('状态');
    const p = await k.call('GET', '/api/merchant/list?pageSize=abc');
    expect(p.status).toBe(400);
  });

  it('needs a session, and a role of admin or finance', async () => {
    expect((await k.call('GET', '/api/merchant/list', { token: null })).status).toBe(401);
    expect((await k.call('GET', '/api/merchant/list', { token: k.finance })).status).toBe(200);
  });
});

describe('GET /merchant/getById and /merchant/getForEdit', () => {
  it('shows the account number masked in the detail and unmasked only in the admin edit form', async () => {
    const m = await byName('速通管道疏通');
    const d = await k.call('GET', `/api/merchant/getById?id=${m.id}`, { token: k.finance });
    expect(d.data.bankAccountNoMasked).toBe('1105 **** **** 7321');
    expect(d.data).not.toHaveProperty('bankAccountNo');
    const e = await k.call('GET', `/api/merchant/getForEdit?id=${m.id}`);
    expect(e.data.bankAccountNo).toBe('11050162540000087321');
    const f = await k.call('GET', `/api/merchant/getForEdit?id=${m.id}`, { token: k.finance });
    expect(f.status).toBe(403);
    expect(f.data).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const r = await k.call('GET', '/api/merchant/getById?id=12345');
    expect(r.status).toBe(404);
    expect(r.msg).toBe('商户不存在');
    expect((await k.call('GET', '/api/merchant/getById?id=abc')).status).toBe(400);
    expect((await k.call('GET', '/api/merchant/getById')).status).toBe(400);
  });
});

describe('POST /merchant/edit', () => {
  it('creates a merchant when no id is sent, storing logo and licence parts', async () => {
    const files = await k.count('files');
    const r = await k.call('POST', '/api/merchant/edit', {
      parts: [
        { name: 'name', value: '顺心家电清洗' },
        { name: 'contact', value: '钱多多' },
        { name: 'phone', value: '13912345678' },
        { name: 'bankAccountNo', value: '6222021234567890123' },
        { name: 'logo', file: { filename: 'logo.png', data: PNG, type: 'image/png' } },
        { name: 'license', file: { filename: '营业执照.png', data: PNG, type: 'image/png' } },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ name: '顺心家电清洗', status: 'enabled', storeCount: 0, shopCount: 0, bankAccountNo: '6222021234567890123' });
    expect(r.data.logo).toMatch(/^[a-f0-9]{32}$/);
    expect(await k.count('files')).toBe(files + 2);
    const img = await k.call('GET', `/api/public/file?key=${r.data.logo}`, { token: null });
    expect(img.status).toBe(200);
    expect(img.raw.equals(PNG)).toBe(true);
    const listed = await byName('顺心家电清洗');
    expect(listed.bankAccountNoMasked).toBe('6222 **** **** 0123');
  });

  it('accepts a logo key uploaded earlier, and refuses a key naming no file', async () => {
    const up = await k.call('POST', '/api/file/upload', { parts: [{ name: 'file', file: { filename: 'a.png', data: PNG } }] });
    const r = await k.call('POST', '/api/merchant/edit', { body: { name: '安家开荒保洁', contact: '李四', phone: '13800001111', logo: up.data.key } });
    expect(r.data.logo).toBe(up.data.key);
    const bad = await k.call('POST', '/api/merchant/edit', { body: { name: '不存在Logo', contact: '李四', phone: '13800001111', logo: 'a'.repeat(32) } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('商户Logo');
    expect(await k.count('merchants', 'name = $1', ['不存在Logo'])).toBe(0);
  });

  it('refuses missing and malformed fields by name, writing nothing (not even the uploaded files)', async () => {
    const merchants = await k.count('merchants');
    const files = await k.count('files');
    const missing = await k.call('POST', '/api/merchant/edit', {
      parts: [
        { name: 'name', value: '缺联系人' },
        { name: 'phone', value: '13912345678' },
        { name: 'logo', file: { filename: 'l.png', data: PNG } },
      ],
    });
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('请填写「联系人」');
    const phone = await k.call('POST', '/api/merchant/edit', {
      parts: [
        { name: 'name', value: 'X' },
        { name: 'contact', value: 'Y' },
        { name: 'phone', value: '12345' },
      ],
    });
    expect(phone.status).toBe(400);
    expect(phone.msg).toContain('联系电话');
    const account = await k.call('POST', '/api/merchant/edit', { body: { name: 'X', contact: 'Y', phone: '13912345678', bankAccountNo: '6222-0212' } });
    expect(account.status).toBe(400);
    expect(account.msg).toContain('结算账号');
    const long = await k.call('POST', '/api/merchant/edit', { body: { name: '名'.repeat(51), contact: 'Y', phone: '13912345678' } });
    expect(long.status).toBe(400);
    expect(long.msg).toContain('商户名称');
    const type = await k.call('POST', '/api/merchant/edit', { body: { name: true, contact: 'Y', phone: '13912345678' } });
    expect(type.status).toBe(400);
    expect(type.msg).toContain('商户名称');
    const pdfLogo = await k.call('POST', '/api/merchant/edit', {
      parts: [
        { name: 'name', value: 'PDF标志' },
        { name: 'contact', value: 'Y' },
        { name: 'phone', value: '13912345678' },
        { name: 'logo', file: { filename: 'logo.pdf', data: PDF } },
      ],
    });
    expect(pdfLogo.status).toBe(415);
    expect(pdfLogo.msg).toContain('商户Logo');
    expect(await k.count('merchants')).toBe(merchants);
    expect(await k.count('files')).toBe(files);
  });

  it('refuses a duplicate name', async () => {
    const r = await k.call('POST', '/api/merchant/edit', { body: { name: '小羊管家家电清洗', contact: 'A', phone: '13912345678' } });
    expect(r.status).toBe(400);
    expect(r.msg).toBe('商户名称「小羊管家家电清洗」已存在，请换一个名称');
    const en = await k.call('POST', '/api/merchant/edit', { body: { name: '小羊管家家电清洗', contact: 'A', phone: '13912345678' }, locale: 'en-US' });
    expect(en.msg).toContain('already exists');
  });

  it('refuses a duplicate name sent with spaces around it, and stores a new name trimmed', async () => {
    const merchants = await k.count('merchants');
    for (const name of [' 小羊管家家电清洗', '小羊管家家电清洗 ', '\u3000小羊管家家电清洗\t']) {
      const r = await k.call('POST', '/api/merchant/edit', { body: { name, contact: 'A', phone: '13912345678' } });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.msg).toBe('商户名称「小羊管家家电清洗」已存在，请换一个名称');
    }
    expect(await k.count('merchants')).toBe(merchants);
    const created = await k.call('POST', '/api/merchant/edit', { body: { name: '  留白商户  ', contact: 'A', phone: '13912345678' } });
    expect(created.data?.name, JSON.stringify(created)).toBe('留白商户');
  });

  it('the list row sent back whole (as the disable action does) keeps the real account number', async () => {
    const m = await byName('安心家电维修');
    const { shopCount, storeCount, createdAt, updatedAt, bankAccountNoMasked, ...row } = m;
    const r = await k.call('POST', '/api/merchant/edit', { body: { ...row, status: 'disabled' } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ status: 'disabled', bankAccountNo: '17050101040026619' });
    expect([shopCount, storeCount, createdAt, updatedAt, bankAccountNoMasked].every((v) => v !== undefined)).toBe(true);
  });

  it('updates only the fields sent; required fields cannot be cleared', async () => {
    const m = await byName('绿叶除甲醛');
    const r = await k.call('POST', '/api/merchant/edit', {
      parts: [
        { name: 'id', value: m.id },
        { name: 'status', value: 'disabled' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ status: 'disabled', contact: m.contact, bankAccountName: m.bankAccountName });
    const clear = await k.call('POST', '/api/merchant/edit', { body: { id: m.id, contact: null } });
    expect(clear.status).toBe(400);
    expect(clear.msg).toBe('联系人 不能为空');
    const remark = await k.call('POST', '/api/merchant/edit', { body: { id: m.id, remark: null } });
    expect(remark.data.remark).toBeNull();
    const unknown = await k.call('POST', '/api/merchant/edit', { body: { id: '12345', status: 'enabled' } });
    expect(unknown.status).toBe(404);
  });

  it('is admin only: finance is refused with 403 and nothing changes', async () => {
    const m = await byName('蓝鲸防水补漏');
    const r = await k.call('POST', '/api/merchant/edit', { token: k.finance, body: { id: m.id, status: 'disabled' } });
    expect(r.status).toBe(403);
    expect(r.code).toBe(40300);
    expect((await byName('蓝鲸防水补漏')).status).toBe('enabled');
  });
});

describe('merchant detail sections', () => {
  it('lists the authorised shops of a merchant (read only)', async () => {
    const m = await byName('小羊管家家电清洗');
    await k.db.query(
      `INSERT INTO shops (id, merchant_id, platform, platform_shop_id, name, auth_status, authorized_at)
       VALUES ($1, $2, 'tmall', 'TM1001', '小羊管家天猫旗舰店', 'authorized', now()),
              ($3, $2, 'jd', 'JD2002', '小羊管家京东自营', 'unbound', now())`,
      [String(k.nextId()), m.id, String(k.nextId())],
    );
    const r = await k.call('GET', `/api/merchant/shops?id=${m.id}`, { token: k.finance });
    expect(r.data.map((s: any) => s.name)).toEqual(expect.arrayContaining(['小羊管家京东自营', '小羊管家天猫旗舰店']));
    expect(r.data).toHaveLength(await k.count('shops', 'merchant_id = $1', [m.id]));
    expect((await byName('小羊管家家电清洗')).shopCount).toBe(m.shopCount + 1); // unbound shops are not counted
    expect((await k.call('GET', '/api/merchant/shops?id=999')).status).toBe(404);
  });

  it('lists the franchise stores of a merchant', async () => {
    const m = await byName('速通管道疏通');
    const r = await k.call('GET', `/api/merchant/franchiseStore?id=${m.id}`, { token: k.finance });
    expect(r.data).toHaveLength(5);
    expect(r.data.every((s: any) => s.merchantId === m.id && s.merchantName === '速通管道疏通')).toBe(true);
    expect((await k.call('GET', '/api/merchant/franchiseStore?id=999')).status).toBe(404);
  });
});

describe('POST /merchant/franchiseStore/addOrEdit', () => {
  const store = {
    name: '净水匠（鼓楼店）',
    region: ['320000', '320100', '320106'],
    address: '鼓楼区中山北路 88 号',
    contact: '周强',
    phone: '13770001234',
    serviceArea: ['320106', '320102'],
    businessHours: '09:00-18:00',
  };

  it('creates a store under the merchant, pending audit, and edits it', async () => {
    const m = await byName('净水匠净水器安装');
    const r = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: { merchantId: m.id, ...store } });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ merchantId: m.id, auditStatus: 'pending', status: 'enabled', serviceArea: ['320106', '320102'] });
    const e = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: { merchantId: m.id, id: r.data.id, contact: '周强强' } });
    expect(e.data).toMatchObject({ contact: '周强强', name: store.name, auditStatus: 'pending' });
    const stores = await k.call('GET', `/api/merchant/franchiseStore?id=${m.id}`);
    expect(stores.data.map((s: any) => s.id)).toContain(r.data.id);
  });

  it("refuses to edit another merchant's store, and bad input by field", async () => {
    const a = await byName('净水匠净水器安装');
    const b = await byName('悦居家具安装');
    const other = (await k.call('GET', `/api/merchant/franchiseStore?id=${b.id}`)).data[0];
    const r = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: { merchantId: a.id, id: other.id, name: '改名' } });
    expect(r.status).toBe(404);
    expect((await k.call('GET', `/api/store/getById?id=${other.id}`)).data.name).toBe(other.name);
    const missing = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: { merchantId: a.id, ...store, name: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('请填写「门店名称」');
    const noMerchant = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: store });
    expect(noMerchant.status).toBe(400);
    expect(noMerchant.msg).toContain('所属商户');
    const unknown = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { body: { merchantId: '4242', ...store } });
    expect(unknown.status).toBe(404);
    const finance = await k.call('POST', '/api/merchant/franchiseStore/addOrEdit', { token: k.finance, body: { merchantId: a.id, ...store } });
    expect(finance.status).toBe(403);
  });
});
