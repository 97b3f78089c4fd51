/**
 * /order written by hand: ProTable with the order columns, the search form, status tabs with counts,
 * pagination, column settings, row selection with the three bulk actions, three row actions and a detail
 * drawer, against the console's API. No schema, no URL state. Plain links for the row actions (ours
 * draws a "more" link whose menu is built on hover; ProComponents' TableDropdown and a `copyable`
 * order number, what ours also shows, made this page's clicks about 1.5x slower again (page 2: 547-642
 * against 349-472 ms, two runs on one machine), so it leaves them out).
 */
import { ProDescriptions, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Drawer, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { get } from './api';

type Order = Record<string, string | number | null>;

const STATUS: Record<string, [string, string]> = {
  pending: ['待派单', 'warning'],
  assigned: ['已派单', 'processing'],
  in_service: ['服务中', 'processing'],
  to_settle: ['待结算', 'processing'],
  settled: ['已结算', 'success'],
  closed: ['已关闭', 'default'],
  refunded: ['已退款', 'error'],
};
const PLATFORM = { sandbox: '沙箱', taobao: '淘宝', tmall: '天猫', jd: '京东', douyin: '抖音', pdd: '拼多多', meituan: '美团', manual: '手工' };
const yuan = (v: unknown) => (v === null || v === undefined ? '-' : `¥${Number(v).toFixed(2)}`);
const two = (a: unknown, b: unknown) => (
  <div>
    <div>{String(a ?? '-')}</div>
    <div style={{ color: '#999' }}>{String(b ?? '')}</div>
  </div>
);

export function OrderPage() {
  const [tab, setTab] = useState('all');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [detail, setDetail] = useState<Order | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    get<Record<string, number>>('/order/count', filters).then(setCounts, () => {});
  }, [filters]);
  useEffect(() => {
    if (!openId) return;
    setDetail(null);
    get<Order>('/order/getById', { id: openId }).then(setDetail, () => {});
  }, [openId]);

  const columns: ProColumns<Order>[] = [
    { title: '订单号', dataIndex: 'orderNo', fixed: 'left', width: 190, order: 10 },
    { title: '平台交易号', dataIndex: 'platformTradeNo', hideInTable: true, order: 9 },
    { title: '平台', dataIndex: 'platform', width: 130, valueEnum: PLATFORM, render: (_, r) => two(PLATFORM[r.platform as keyof typeof PLATFORM], r.shopName) },
    { title: '商品', dataIndex: 'productTitle', search: false, width: 200, render: (_, r) => two(r.productTitle, `${r.skuName ?? ''} ×${r.quantity}`) },
    { title: '客户', dataIndex: 'customerName', width: 130, order: 8, render: (_, r) => two(r.customerName, r.customerPhone) },
    { title: '客户电话', dataIndex: 'customerPhone', hideInTable: true, order: 7 },
    { title: '地区', dataIndex: 'region', search: false, width: 200, ellipsis: true, render: (_, r) => two(r.region, r.address) },
    {
      title: '实付金额',
      dataIndex: 'paidAmount',
      search: false,
      width: 120,
      render: (_, r) => two(yuan(r.paidAmount), r.refundedAmount ? `退 ${yuan(r.refundedAmount)}` : ''),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      search: false,
      render: (_, r) => <Tag color={STATUS[String(r.status)]?.[1]}>{STATUS[String(r.status)]?.[0] ?? r.status}</Tag>,
    },
    { title: '门店', dataIndex: 'storeId', search: false, width: 140, render: (_, r) => two(r.storeName ?? r.storeId, r.staffName ?? r.staffId) },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      valueType: 'dateTimeRange',
      hideInTable: true,
      search: { transform: (v) => ({ createdAtFrom: v[0], createdAtTo: v[1] }) },
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, width: 170, render: (_, r) => two(r.createdAt, r.assignedAt) },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 200,
      render: (_, r) => [
        <a key="view" onClick={() => setOpenId(String(r.id))}>
          查看
        </a>,
        r.status === 'pending' ? <a key="assign">手动派单</a> : <a key="workOrder">创建工单</a>,
        <a key="more">更多</a>,
      ],
    },
  ];

  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <ProTable<Order>
        rowKey="orderNo"
        columns={columns}
        cardBordered
        rowSelection={{}}
        tableAlertOptionRender={() => (
          <Space size={16}>
            <a>自动派单</a>
            <a>手动派单</a>
            <a>关闭</a>
          </Space>
        )}
        scroll={{ x: 1500 }}
        params={{ tab }}
        request={async ({ tab: t, ...params }) => {
          const { current, pageSize, ...rest } = params;
          const f = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'keyword'));
          if (JSON.stringify(f) !== JSON.stringify(filters)) setFilters(f);
          const d = await get<{ list: Order[]; total: number }>('/order/list', { ...f, status: t === 'all' ? undefined : t, current, pageSize });
          return { data: d.list, total: d.total, success: true };
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        // folded as ours at 1440 px: its first three fields (in the schema's search order) beside the buttons
        search={{ labelWidth: 'auto', span: 6 }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: [
              { key: 'all', label: `全部 (${all})` },
              ...Object.entries(STATUS).map(([k, [label]]) => ({ key: k, label: `${label} (${counts[k] ?? 0})` })),
            ],
            onChange: (k) => setTab(String(k)),
          },
        }}
      />
      <Drawer open={!!openId} width={640} title="订单详情" onClose={() => setOpenId(null)}>
        {detail && <ProDescriptions<Order> column={2} dataSource={detail} columns={columns.filter((c) => c.dataIndex && !c.hideInTable) as never} />}
      </Drawer>
    </>
  );
}
