/** The hand-written console: ProLayout with a top menu (orders, staff), the page by pathname. */
import { ProLayout } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OrderPage } from './OrderPage';
import { StaffPage } from './StaffPage';

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
        routes: [
          { path: '/order', name: '订单管理' },
          { path: '/staff', name: '员工管理' },
        ],
      }}
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
