/**
 * The app itself, loaded by main.tsx once its early requests are out: the React 19 antd patch
 * first (it must run before antd renders anything: message/Modal static methods), then the render.
 */
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const el = document.getElementById('root');
if (!el) throw new Error('index.html has no #root element');
createRoot(el).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
