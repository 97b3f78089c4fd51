/**
 * Plain demo data for order seeding: service items (used when the merchant has no synced SKUs),
 * customer names, streets, reasons. Realistic Chinese back-office wording.
 */

export interface CatalogItem {
  title: string;
  sku: string;
  /** what the customer pays per unit */
  price: string;
  /** what the store earns per unit */
  service: string;
}

export const CATALOG: CatalogItem[] = [
  { title: '家用空调深度清洗（挂机）', sku: '1.5 匹及以下', price: '99.00', service: '60.00' },
  { title: '家用空调深度清洗（柜机）', sku: '2-3 匹', price: '159.00', service: '100.00' },
  { title: '燃气热水器上门安装', sku: '标准安装（含 1.5 米软管）', price: '199.00', service: '130.00' },
  { title: '净水器滤芯更换', sku: 'RO 反渗透 4 芯套装', price: '268.00', service: '80.00' },
  { title: '油烟机深度清洗', sku: '欧式/侧吸式', price: '129.00', service: '85.00' },
  { title: '洗衣机拆洗消毒', sku: '滚筒 10kg 以内', price: '139.00', service: '90.00' },
  { title: '卫生间防水补漏', sku: '局部补漏（≤5㎡）', price: '680.00', service: '450.00' },
  { title: '智能门锁安装', sku: '标准木门/防盗门', price: '150.00', service: '100.00' },
  { title: '全屋日常保洁', sku: '3 小时', price: '159.00', service: '105.00' },
  { title: '新房开荒保洁', sku: '100㎡以内', price: '499.00', service: '330.00' },
  { title: '水管漏水维修', sku: '明管维修', price: '80.00', service: '55.00' },
  { title: '冰箱上门维修', sku: '不制冷检测', price: '60.00', service: '40.00' },
];

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢';
export const GIVEN = [
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
  '秀英',
  '建国',
  '志强',
  '海燕',
  '晓峰',
  '春燕',
  '国华',
  '丽萍',
  '子涵',
  '雨轩',
  '欣怡',
  '浩然',
  '梓萱',
];
export const STREETS = [
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
  '金桥路',
];
export const COMPOUNDS = ['阳光花园', '翠湖苑', '锦绣华庭', '万科城', '碧桂园', '绿地世纪城', '保利香槟国际', '金地格林小镇', '龙湖春江郦城', '华润二十四城'];
export const MOBILE_PREFIXES = [
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '158',
  '159',
  '166',
  '177',
  '180',
  '181',
  '186',
  '187',
  '188',
  '189',
  '199',
];
export const CLOSE_REASONS = [
  '客户取消预约，暂不需要服务',
  '客户地址超出服务范围',
  '重复下单，已合并处理',
  '客户联系不上，多次回访无果',
  '商品缺货，与客户协商取消',
];
export const REFUND_REASONS = ['客户申请退款：服务时间无法协调', '服务未完成，按比例退款', '客户对服务不满意，协商部分退款', '重复支付退款'];
export const ADJUST_REASONS = ['平台优惠券补贴差价', '老客户回访优惠', '服务范围缩小，协商降价', '活动价格调整'];
export const REMARKS = [
  '客户要求工作日晚上 7 点后上门',
  '上门前请提前半小时电话联系',
  '小区需登记，师傅请带好工牌',
  '客户家有宠物，请注意',
  '已电话确认地址无误',
];
export const WORK_NOTES = ['携带清洗设备及防护罩', '需带 1.5 米软管及密封胶', '客户已确认型号，按标准流程施工', '需两名师傅上门'];
export const WORK_TYPES = ['install', 'repair', 'maintenance', 'inspection', 'other'];
