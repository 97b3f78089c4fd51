/**
 * What the static antd stylesheet covers: the components a list screen shows on its first paint
 * (layout, menu, search form, tabs, toolbar, table with its cells, pagination), rendered once in
 * Node so @ant-design/cssinjs records their styles. A component left out here is not broken: antd
 * generates its style in the browser as before. Each entry renders the variants the console uses
 * (a Tag of each status colour, primary/link/text buttons…) because antd registers some sub-styles
 * only for a variant (Tag's preset and status colours, Button's compact items).
 */
import type { ReactElement } from 'react';
import { DrawerForm, ModalForm, ProDescriptions, ProLayout, ProTable, type ProColumns } from '@ant-design/pro-components';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Cascader,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
  Upload,
} from 'antd';

interface Row {
  id: string;
  no: string;
  status: string;
  amount: string;
}

const TAG_COLORS = [
  'default',
  'processing',
  'success',
  'warning',
  'error',
  'blue',
  'green',
  'orange',
  'red',
  'purple',
  'cyan',
  'gold',
  'magenta',
  'geekblue',
  'lime',
  'volcano',
];

const columns: ProColumns<Row>[] = [
  { title: 'no', dataIndex: 'no', copyable: true },
  { title: 'status', dataIndex: 'status', valueType: 'select', valueEnum: { a: { text: 'a' } }, render: () => <Tag color="processing">a</Tag> },
  { title: 'amount', dataIndex: 'amount', valueType: 'digitRange', render: (_d, r) => r.amount },
  { title: 'created', dataIndex: 'created', valueType: 'dateTimeRange', hideInTable: true },
  { title: 'text', dataIndex: 'text', valueType: 'text', hideInTable: true },
  {
    title: 'op',
    valueType: 'option',
    fixed: 'right',
    render: () => [
      <a key="a">a</a>,
      <Dropdown key="b" menu={{ items: [{ key: 'x', label: 'x' }] }}>
        <a>b</a>
      </Dropdown>,
    ],
  },
];

const rows: Row[] = [{ id: '1', no: 'A1', status: 'a', amount: '1.00' }];

/** The list screen: ProLayout (top menu, as schemas/app.json) around a ProTable with search, tabs, toolbar, selection and paging. */
export function ListSample({
  layout,
  menuLoading = false,
}: {
  menuLoading?: boolean;
  layout: { layout: 'top' | 'side' | 'mix'; navTheme: 'light' | 'realDark'; fixedHeader: boolean; contentWidth: 'Fluid' | 'Fixed'; headerHeight: number };
}): ReactElement {
  return (
    <ProLayout
      layout={layout.layout}
      contentWidth={layout.contentWidth}
      fixedHeader={layout.fixedHeader}
      navTheme={layout.navTheme}
      title="t"
      logo={false}
      token={{ header: { heightLayoutHeader: layout.headerHeight } }}
      location={{ pathname: '/a' }}
      route={{
        path: '/',
        routes: [
          { path: '/a', name: 'a' },
          { path: '/b', name: 'b', routes: [{ path: '/b/c', name: 'c' }] },
        ],
      }}
      menu={{ locale: false, loading: menuLoading }}
      avatarProps={{ title: 'u', size: 'small' }}
      actionsRender={() => [
        // the live-update bell (src/shell/LiveBadge.tsx): the header's own token gives these their own hash
        <Tooltip key="l" title="t">
          <Button type="text" size="small">
            <Badge count={3} size="small">
              b
            </Badge>
          </Button>
        </Tooltip>,
        <Dropdown key="d" menu={{ items: [{ key: 'x', label: 'x' }] }}>
          <Space>
            <Avatar size="small">u</Avatar>u
          </Space>
        </Dropdown>,
      ]}
    >
      <ProTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        options={{ reload: () => undefined, density: true, setting: { listsHeight: 400 }, fullScreen: false }}
        search={{ labelWidth: 'auto' }}
        pagination={{ current: 1, pageSize: 20, total: 100, showSizeChanger: true, showTotal: (n) => n }}
        rowSelection={{ selectedRowKeys: ['1'] }}
        tableAlertRender={() => 'x'}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: 'a',
            items: [
              { key: 'a', label: 'a' },
              { key: 'b', label: 'b' },
            ],
          },
        }}
        toolBarRender={() => [
          <Skeleton.Button key="k" active />,
          <Skeleton key="sk" active />,
          <Button key="p" type="primary">
            p
          </Button>,
          <Switch key="s" checked />,
          <Button key="d">d</Button>,
        ]}
        scroll={{ x: 'max-content' }}
        cardBordered
      />
      <Space>
        {TAG_COLORS.map((c) => (
          <Tag key={c} color={c}>
            {c}
          </Tag>
        ))}
        <Button type="link" danger>
          l
        </Button>
        <Button type="text">t</Button>
        <Button size="small">s</Button>
        <Typography.Text copyable ellipsis type="secondary">
          t
        </Typography.Text>
        <Typography.Link>l</Typography.Link>
        <Tooltip title="t">
          <span>t</span>
        </Tooltip>
        <Badge status="success" text="b" />
        <Badge count={3} />
        <Avatar size="small">u</Avatar>
        <Divider type="vertical" />
        <Checkbox checked />
        <Radio checked />
        <Input allowClear placeholder="p" />
        <InputNumber />
        <Select value="a" options={[{ value: 'a', label: 'a' }]} allowClear />
        <Select mode="multiple" value={['a']} options={[{ value: 'a', label: 'a' }]} />
        <DatePicker.RangePicker />
        <DatePicker />
        <Cascader options={[{ value: 'a', label: 'a' }]} value={['a']} />
        <Image width={40} src="data:," />
        <Spin />
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        <Skeleton active />
      </Space>
    </ProLayout>
  );
}

/**
 * What opens from a list: the detail drawer (descriptions, cards, the log timeline) and the form
 * dialogs (modal or drawer, vertical form items, uploads). Their popups render through portals, which
 * draw nothing in Node, but each component registers its style as it renders, so they are covered.
 */
export function DialogSample(): ReactElement {
  return (
    <>
      <Drawer open title="t">
        <Card title="c">c</Card>
      </Drawer>
      <Modal open title="t">
        m
      </Modal>
      <ModalForm open title="t">
        <Input />
      </ModalForm>
      <DrawerForm open title="t">
        <Input />
      </DrawerForm>
      <ProDescriptions column={2} title="t" dataSource={{ a: 'a' }} columns={[{ title: 'a', dataIndex: 'a' }]} />
      <Card size="small" title="c" extra={<a>e</a>}>
        c
      </Card>
      <Timeline items={[{ children: 'a' }, { color: 'green', children: 'b' }]} />
      <Form layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="a" required help="h" validateStatus="error">
              <Input.TextArea showCount maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="b" extra="e">
              <Input.Password />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Upload listType="picture-card" fileList={[{ uid: '1', name: 'a.png', status: 'done', url: 'data:,' }]}>
        <span>+</span>
      </Upload>
      <Upload fileList={[{ uid: '2', name: 'a.pdf', status: 'uploading', percent: 50 }]}>
        <Button>u</Button>
      </Upload>
      <Table size="small" columns={[{ title: 'a', dataIndex: 'a' }]} dataSource={[{ key: '1', a: 'a' }]} pagination={false} />
      <Result status="403" title="t" />
    </>
  );
}
