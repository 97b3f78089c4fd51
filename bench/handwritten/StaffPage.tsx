/** The second list of the menu switch: staff, by hand. */
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { get } from './api';

type Staff = { id: string; username: string; nickname: string; roles: string[]; enabled: boolean };

const columns: ProColumns<Staff>[] = [
  { title: '用户名', dataIndex: 'username' },
  { title: '昵称', dataIndex: 'nickname' },
  { title: '角色', dataIndex: 'roles', search: false, render: (_, r) => r.roles.map((x) => <Tag key={x}>{x}</Tag>) },
  { title: '状态', dataIndex: 'enabled', search: false, render: (_, r) => <Tag color={r.enabled ? 'green' : 'default'}>{r.enabled ? '启用' : '停用'}</Tag> },
];

export function StaffPage() {
  return (
    <ProTable<Staff>
      rowKey="id"
      columns={columns}
      cardBordered
      request={async (params) => {
        const d = await get<{ list: Staff[]; total: number }>('/user/list', params);
        return { data: d.list, total: d.total, success: true };
      }}
      pagination={{ defaultPageSize: 20 }}
    />
  );
}
