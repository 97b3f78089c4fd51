/**
 * Demo staff: the three documented demo accounts (DESIGN.md §7) and a realistic team around them.
 * Plain data; staff-seed.ts turns it into rows (phones, dates) with a fixed pseudo-random sequence so
 * every fresh demo database looks the same.
 */

export interface DemoAccount {
  username: string;
  password: string;
  nickname: string;
  roles: string[];
}

/** Printed at start and used by the e2e tests; refused under NODE_ENV=production. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'admin', password: 'admin123', nickname: '系统管理员', roles: ['admin'] },
  { username: 'finance', password: 'finance123', nickname: '财务小周', roles: ['finance'] },
  { username: 'dispatcher', password: 'dispatcher123', nickname: '调度小李', roles: ['dispatcher'] },
];

/** Every other demo staff member signs in with this password. */
export const DEMO_STAFF_PASSWORD = 'staff123';

export interface DemoStaff {
  username: string;
  nickname: string;
  roles: string[];
  enabled: boolean;
}

const d = (username: string, nickname: string, roles: string[], enabled = true): DemoStaff => ({ username, nickname, roles, enabled });

export const DEMO_STAFF: DemoStaff[] = [
  d('wangfang', '王芳', ['dispatcher']),
  d('lina', '李娜', ['dispatcher']),
  d('zhangwei', '张伟', ['dispatcher']),
  d('liuyang', '刘洋', ['finance']),
  d('chenjing', '陈静', ['dispatcher']),
  d('yanglei', '杨磊', ['dispatcher']),
  d('zhaomin', '赵敏', ['finance']),
  d('huangqiang', '黄强', ['admin']),
  d('zhoujie', '周杰', ['dispatcher']),
  d('wuting', '吴婷', ['dispatcher']),
  d('xuming', '徐明', ['dispatcher']),
  d('sunli', '孙丽', ['finance', 'dispatcher']),
  d('machao', '马超', ['dispatcher'], false),
  d('zhulin', '朱琳', ['dispatcher']),
  d('hujun', '胡军', ['dispatcher']),
  d('guoxiaoyan', '郭晓燕', ['finance']),
  d('heping', '何平', ['dispatcher']),
  d('linzhiqiang', '林志强', ['admin']),
  d('gaoxue', '高雪', ['dispatcher'], false),
  d('luobin', '罗斌', ['dispatcher']),
  d('zhengxinyi', '郑欣怡', ['dispatcher']),
  d('lianghao', '梁浩', ['dispatcher']),
  d('xieyutong', '谢雨桐', ['finance']),
  d('songjia', '宋佳', ['dispatcher'], false),
  d('tangliang', '唐亮', ['dispatcher']),
  d('hanmei', '韩梅', ['dispatcher', 'finance']),
  d('fengtao', '冯涛', ['dispatcher']),
  d('dengxiaodong', '邓晓东', ['dispatcher'], false),
  d('caoying', '曹颖', ['finance']),
  d('pengyu', '彭宇', ['dispatcher']),
];

/** Real mobile number segments of China Mobile, Unicom and Telecom. */
export const MOBILE_PREFIXES = [
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '157',
  '158',
  '159',
  '182',
  '183',
  '187',
  '188',
  '198',
  '130',
  '131',
  '132',
  '155',
  '156',
  '166',
  '175',
  '176',
  '185',
  '186',
  '133',
  '153',
  '173',
  '177',
  '180',
  '181',
  '189',
  '199',
];
