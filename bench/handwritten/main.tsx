/**
 * The hand-written console: ProLayout with the top menu an admin sees in ours (its eleven entries with
 * their icons; two of them, orders and staff, are pages here) and a header's bell, language and user,
 * the page by pathname.
 */
import { ProLayout } from '@ant-design/pro-components';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  CarOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  ProfileOutlined,
  ShopOutlined,
  TeamOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OrderPage } from './OrderPage';
import { StaffPage } from './StaffPage';

const MENU = [
  { path: '/index', icon: <HomeOutlined />, name: '首页' },
  { path: '/order', icon: <ProfileOutlined />, name: '订单管理' },
  { path: '/merchant', icon: <ShopOutlined />, name: '商户管理' },
  { path: '/store', icon: <EnvironmentOutlined />, name: '门店管理' },
  { path: '/staff', icon: <TeamOutlined />, name: '员工管理' },
  { path: '/product', icon: <AppstoreOutlined />, name: '商品管理' },
  { path: '/dashboard', icon: <DashboardOutlined />, name: '数据看板' },
  { path: '/merchantAuth', icon: <ApiOutlined />, name: '店铺管理' },
  { path: '/logisticsOrder', icon: <CarOutlined />, name: '物流管理' },
  { path: '/profile', icon: <UserOutlined />, name: '个人中心' },
  { path: '/operationLog', icon: <AuditOutlined />, name: '操作日志' },
];

function App() {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const on = () => setPath(location.pathname);
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  const go = (p: string) => {
    history.pushState(null, '', p);
    setPath(p);
  };
  return (
    <ProLayout
      layout="top"
      title="后台管理系统"
      logo={false}
      location={{ pathname: path }}
      route={{
        path: '/',
        routes: MENU,
      }}
      actionsRender={() => [<BellOutlined key="bell" />, <TranslationOutlined key="locale" />]}
      avatarProps={{ icon: <UserOutlined />, size: 'small', title: '系统管理员' }}
      menuItemRender={(item, dom) => (
        <a
          href={item.path}
          onClick={(e) => {
            e.preventDefault();
            go(item.path!);
          }}
        >
          {dom}
        </a>
      )}
    >
      {path.startsWith('/staff') ? <StaffPage /> : <OrderPage />}
    </ProLayout>
  );
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN}>
    <App />
  </ConfigProvider>,
);
