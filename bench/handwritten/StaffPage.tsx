/**
 * The second list of the menu switch: /staff written by hand, doing what the schema's /staff does — its
 * nine columns (copyable user name, masked phone, role tags, store and merchant names, status tag, two
 * times), its search form (user name, nickname, roles, status, created between), add and export in the
 * toolbar, view / edit / more per row, and row selection with bulk enable and disable.
 */
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { DownOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tag } from 'antd';
import { get } from './api';

type Staff = {
  id: string;
  username: string;
  nickname: string;
  phone: string | null;
  roles: string[];
  storeName: string | null;
  merchantName: string | null;
  enabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

const ROLE: Record<string, [string, string]> = { admin: ['管理员', 'red'], finance: ['财务', 'gold'], dispatcher: ['调度员', 'blue'] };
const time = (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '-');
const masked = (v: string | null) => (v ? `${v.slice(0, 3)}****${v.slice(-4)}` : '-');

const columns: ProColumns<Staff>[] = [
  { title: '用户名', dataIndex: 'username', copyable: true, width: 140 },
  { title: '昵称', dataIndex: 'nickname', width: 120 },
  { title: '手机号', dataIndex: 'phone', search: false, width: 130, render: (_, r) => masked(r.phone) },
  {
    title: '角色',
    dataIndex: 'roles',
    width: 160,
    valueType: 'select',
    fieldProps: { mode: 'multiple' },
    valueEnum: Object.fromEntries(Object.entries(ROLE).map(([k, [text]]) => [k, { text }])),
    render: (_, r) =>
      r.roles.map((x) => (
        <Tag key={x} color={ROLE[x]?.[1]} bordered={false}>
          {ROLE[x]?.[0] ?? x}
        </Tag>
      )),
  },
  { title: '所属门店', dataIndex: 'storeName', search: false, width: 140, render: (_, r) => r.storeName ?? '-' },
  { title: '所属商户', dataIndex: 'merchantName', search: false, width: 140, render: (_, r) => r.merchantName ?? '-' },
  {
    title: '状态',
    dataIndex: 'enabled',
    width: 90,
    valueType: 'select',
    valueEnum: { true: { text: '启用' }, false: { text: '停用' } },
    render: (_, r) => (
      <Tag color={r.enabled ? 'success' : 'default'} bordered={false}>
        {r.enabled ? '启用' : '停用'}
      </Tag>
    ),
  },
  { title: '最近登录', dataIndex: 'lastLoginAt', search: false, width: 170, render: (_, r) => time(r.lastLoginAt) },
  {
    title: '创建时间',
    dataIndex: 'createdAt',
    valueType: 'dateTimeRange',
    hideInTable: true,
    search: { transform: (v) => ({ createdAtFrom: v[0], createdAtTo: v[1] }) },
  },
  { title: '创建时间', dataIndex: 'createdAt', search: false, sorter: true, width: 170, render: (_, r) => time(r.createdAt) },
  {
    title: '操作',
    valueType: 'option',
    fixed: 'right',
    width: 150,
    render: (_, r) => (
      <Space size={8}>
        <a>查看</a>
        <a>编辑</a>
        <Dropdown
          menu={{
            items: [{ key: 'reset', label: '重置密码' }, r.enabled ? { key: 'disable', label: '停用', danger: true } : { key: 'enable', label: '启用' }],
          }}
        >
          <a>
            更多 <DownOutlined />
          </a>
        </Dropdown>
      </Space>
    ),
  },
];

export function StaffPage() {
  return (
    <ProTable<Staff>
      rowKey="id"
      columns={columns}
      cardBordered
      rowSelection={{}}
      tableAlertOptionRender={() => (
        <Space>
          <a>启用</a>
          <a>停用</a>
        </Space>
      )}
      search={{ labelWidth: 'auto', span: 6 }}
      toolBarRender={() => [
        <Button key="add" type="primary" icon={<PlusOutlined />}>
          新增
        </Button>,
        <Button key="export" icon={<DownloadOutlined />}>
          导出
        </Button>,
      ]}
      request={async (params, sort) => {
        const order = sort?.createdAt ? { sortField: 'createdAt', sortOrder: sort.createdAt } : {};
        const d = await get<{ list: Staff[]; total: number }>('/user/list', { ...params, ...order });
        return { data: d.list, total: d.total, success: true };
      }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
    />
  );
}
