// The antd patch must run before antd renders anything (React 19: message/Modal static methods).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { prepaintSettled } from '../engine/prepaint-handoff';

// A list's static prepaint (src/app/prepaint) paints first: the app's first render is one long task.
await prepaintSettled();
const el = document.getElementById('root');
if (!el) throw new Error('index.html has no #root element');
createRoot(el).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
