/** Demo merchants: home-service brands (invented names, realistic details). */
export interface SeedMerchant {
  name: string;
  shortName: string;
  contact: string;
  phone: string;
  address: string;
  bankName: string;
  bankAccountName: string;
  bankAccountNo: string;
  remark: string | null;
  status: 'enabled' | 'disabled';
  /** days before today */
  createdDaysAgo: number;
}

export const SEED_MERCHANTS: SeedMerchant[] = [
  { name: '小羊管家家电清洗', shortName: '小羊管家', contact: '杨文静', phone: '13816620517', address: '上海市闵行区七莘路 1839 号 3 楼', bankName: '招商银行上海七宝支行', bankAccountName: '上海小羊管家家政服务有限公司', bankAccountNo: '121917336010501', remark: '空调、油烟机、洗衣机深度清洗', status: 'enabled', createdDaysAgo: 182 },
  { name: '洁到家家政保洁', shortName: '洁到家', contact: '陈丽华', phone: '13926085143', address: '广州市天河区天河北路 233 号中信广场 18 楼', bankName: '中国工商银行广州天河支行', bankAccountName: '广州洁到家家政服务有限公司', bankAccountNo: '3602000109200415563', remark: '日常保洁、开荒保洁、擦玻璃', status: 'enabled', createdDaysAgo: 176 },
  { name: '速通管道疏通', shortName: '速通', contact: '刘建国', phone: '13701085216', address: '北京市朝阳区望京街 10 号望京 SOHO T1-1205', bankName: '中国建设银行北京望京支行', bankAccountName: '北京速通管道工程有限公司', bankAccountNo: '11050162540000087321', remark: '下水道、马桶、地漏疏通，化粪池清理', status: 'enabled', createdDaysAgo: 171 },
  { name: '冰川空调安装服务', shortName: '冰川空调', contact: '王志强', phone: '13588237406', address: '杭州市西湖区文三路 478 号华星时代广场 A 座 906', bankName: '杭州银行文创支行', bankAccountName: '杭州冰川制冷设备安装有限公司', bankAccountNo: '3301040160012948831', remark: '空调安装、移机、加氟', status: 'enabled', createdDaysAgo: 160 },
  { name: '金钥匙开锁换锁', shortName: '金钥匙', contact: '赵德明', phone: '15902876613', address: '成都市武侯区人民南路四段 27 号商鼎国际 1 栋 1602', bankName: '成都银行高新支行', bankAccountName: '成都金钥匙锁业服务有限公司', bankAccountNo: '1001300000458726', remark: '公安备案开锁，智能锁安装', status: 'enabled', createdDaysAgo: 152 },
  { name: '安心家电维修', shortName: '安心维修', contact: '孙海涛', phone: '18627093358', address: '武汉市江汉区建设大道 568 号新世界国贸大厦 2205', bankName: '中国农业银行武汉江汉支行', bankAccountName: '武汉安心家电服务有限公司', bankAccountNo: '17050101040026619', remark: '冰箱、洗衣机、热水器维修', status: 'enabled', createdDaysAgo: 140 },
  { name: '净水匠净水器安装', shortName: '净水匠', contact: '周晓燕', phone: '13651951720', address: '南京市建邺区江东中路 108 号万达广场 C 座 1106', bankName: '南京银行河西支行', bankAccountName: '南京净水匠环保科技有限公司', bankAccountNo: '0152270000001836', remark: '净水器、软水机安装与滤芯更换', status: 'enabled', createdDaysAgo: 128 },
  { name: '绿叶除甲醛', shortName: '绿叶环保', contact: '吴振宇', phone: '13480717365', address: '深圳市南山区科技园南区高新南七道 18 号 503', bankName: '平安银行深圳科技园支行', bankAccountName: '深圳绿叶环境治理有限公司', bankAccountNo: '15000098765213', remark: '新房除甲醛、空气检测', status: 'enabled', createdDaysAgo: 117 },
  { name: '悦居家具安装', shortName: '悦居', contact: '郑晓东', phone: '15029356218', address: '西安市雁塔区高新路 52 号高科大厦 1408', bankName: '西安银行高新支行', bankAccountName: '西安悦居家居服务有限公司', bankAccountNo: '711011580000293347', remark: '家具组装、灯具与卫浴安装', status: 'enabled', createdDaysAgo: 98 },
  { name: '蓝鲸防水补漏', shortName: '蓝鲸防水', contact: '黄伟', phone: '18923415570', address: '重庆市渝北区金开大道 68 号协信中心 2 栋 1203', bankName: '重庆农村商业银行两江分行', bankAccountName: '重庆蓝鲸防水工程有限公司', bankAccountNo: '0501010120010008821', remark: '卫生间、屋顶、外墙防水补漏', status: 'enabled', createdDaysAgo: 83 },
  { name: '好帮手月嫂育儿嫂', shortName: '好帮手', contact: '林秀英', phone: '13799281046', address: '厦门市思明区湖滨南路 90 号立信广场 21 楼', bankName: '兴业银行厦门分行', bankAccountName: '厦门好帮手家庭服务有限公司', bankAccountNo: '129880100100284516', remark: '月嫂、育儿嫂、住家保姆', status: 'enabled', createdDaysAgo: 61 },
  { name: '快修侠家庭维修', shortName: '快修侠', contact: '马俊', phone: '17751023689', address: '苏州市工业园区星海街 198 号星海大厦 705', bankName: '苏州银行园区支行', bankAccountName: '苏州快修侠物业服务有限公司', bankAccountNo: '51661800001038', remark: '水电维修、墙面翻新；合同到期待续签', status: 'disabled', createdDaysAgo: 35 },
];
