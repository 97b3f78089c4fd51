/**
 * The services the sandbox platform's shops sell: realistic home-service listings with their SKU
 * variants. Prices are integer cents (exact); the suggested service price is what a store usually
 * earns for the job (used by the demo seed, never by sync: the console owns service prices).
 */

export interface CatalogSku {
  name: string;
  priceCents: number;
  serviceCents: number;
}

export interface CatalogItem {
  key: string;
  category: string;
  title: string;
  skus: CatalogSku[];
}

const sku = (name: string, price: number, service: number): CatalogSku => ({
  name,
  priceCents: Math.round(price * 100),
  serviceCents: Math.round(service * 100),
});

export const CATALOG: readonly CatalogItem[] = [
  {
    key: 'ac-clean',
    category: '家电清洗',
    title: '空调深度清洗 上门拆洗 高温蒸汽杀菌除味',
    skus: [sku('挂机 1台', 89, 55), sku('柜机 1台', 139, 90), sku('挂机 2台', 169, 105), sku('中央空调 单出风口', 119, 75)],
  },
  {
    key: 'hood-clean',
    category: '家电清洗',
    title: '油烟机清洗 拆机深度清洁 除油污',
    skus: [sku('侧吸式', 139, 88), sku('顶吸式(欧式)', 159, 100), sku('集成灶', 229, 150)],
  },
  { key: 'washer-clean', category: '家电清洗', title: '洗衣机清洗 内筒拆洗除垢除菌', skus: [sku('波轮洗衣机', 119, 75), sku('滚筒洗衣机', 159, 100)] },
  { key: 'fridge-clean', category: '家电清洗', title: '冰箱清洗除味 上门深度保洁', skus: [sku('单门/双门', 99, 60), sku('三门/对开门', 149, 95)] },
  { key: 'heater-clean', category: '家电清洗', title: '热水器清洗 除垢保养', skus: [sku('电热水器', 129, 80), sku('燃气热水器', 149, 95)] },
  { key: 'home-4h', category: '家政保洁', title: '全屋保洁4小时 专业保洁师上门', skus: [sku('4小时 1人', 199, 130), sku('4小时 2人', 379, 250)] },
  {
    key: 'home-daily',
    category: '家政保洁',
    title: '日常保洁 小时工 厨房卫生间深度清洁',
    skus: [sku('2小时', 99, 65), sku('3小时', 139, 90), sku('5小时', 219, 145)],
  },
  {
    key: 'new-house',
    category: '家政保洁',
    title: '新房开荒保洁 装修后精细保洁',
    skus: [sku('90㎡以内', 599, 400), sku('90-120㎡', 799, 530), sku('120-150㎡', 999, 660)],
  },
  { key: 'glass', category: '家政保洁', title: '擦玻璃 高层窗户清洁', skus: [sku('10㎡以内', 99, 60), sku('20㎡以内', 169, 110)] },
  { key: 'toilet', category: '管道疏通', title: '马桶疏通 上门快速疏通 不通不收费', skus: [sku('普通堵塞', 80, 55), sku('严重堵塞(需拆装)', 180, 120)] },
  {
    key: 'drain',
    category: '管道疏通',
    title: '下水道疏通 厨房卫生间管道疏通',
    skus: [sku('厨房下水', 100, 65), sku('卫生间地漏', 80, 50), sku('主管道', 260, 170)],
  },
  { key: 'sofa', category: '清洗护理', title: '布艺沙发清洗 除螨去污', skus: [sku('单人位', 69, 45), sku('三人位', 169, 110), sku('L型转角', 259, 170)] },
  { key: 'mattress', category: '清洗护理', title: '床垫除螨 深层清洁紫外线杀菌', skus: [sku('1.5米床垫', 129, 80), sku('1.8米床垫', 149, 95)] },
  { key: 'formaldehyde', category: '清洗护理', title: '除甲醛 光触媒治理 含检测报告', skus: [sku('60㎡以内', 699, 450), sku('100㎡以内', 999, 650)] },
  { key: 'lock', category: '维修安装', title: '智能门锁安装 上门安装调试', skus: [sku('标准安装', 120, 85), sku('需开孔改装', 220, 150)] },
  { key: 'lamp', category: '维修安装', title: '灯具安装 吸顶灯吊灯安装', skus: [sku('吸顶灯 1盏', 60, 40), sku('吊灯 1盏', 120, 80)] },
  { key: 'curtain', category: '维修安装', title: '窗帘安装 轨道罗马杆安装', skus: [sku('轨道 1米以内', 50, 32), sku('罗马杆 1套', 90, 60)] },
  {
    key: 'ac-move',
    category: '维修安装',
    title: '空调移机 拆装加氟一站式',
    skus: [sku('挂机移机', 260, 180), sku('柜机移机', 380, 260), sku('加氟', 150, 100)],
  },
  {
    key: 'plumbing',
    category: '维修安装',
    title: '水电维修 水龙头更换 电路检修',
    skus: [sku('水龙头更换', 70, 45), sku('开关插座维修', 60, 40), sku('电路故障检修', 150, 100)],
  },
  { key: 'wall', category: '维修安装', title: '墙面翻新 刷漆补洞 局部修补', skus: [sku('局部修补', 200, 130), sku('单面墙翻新', 480, 320)] },
];

/** Integer cents → "199.00". */
export function centsToMoney(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  return `${neg ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
