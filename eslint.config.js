/**
 * `npm run lint`: the layer rules of README.md "Architecture" and "no Chinese text outside locale files".
 *
 * - eslint-plugin-boundaries: which folder may import which (one way), which npm packages each layer may
 *   use, console data kept out of generic layers, server modules reached only through their index.ts;
 *   it follows `import`, `export … from`, dynamic `import()` and `require()`.
 * - eslint-plugin-import-x: import cycles (type-only imports are erased, so they are left out) and
 *   imports that resolve to nothing.
 * - no-restricted-syntax: CJK characters in string, template and JSX text (visible text is an i18n key);
 *   the onTransitionRun / onTransitionStart / onTransitionCancel props, whose events the production build's
 *   React does not listen for (scripts/react-unused-events.ts).
 *
 * TypeScript is parsed by Babel's parser (@babel/eslint-parser + preset-typescript): typescript-eslint
 * needs TypeScript's JS API, which typescript 7 (the project's compiler) does not have. No rule here needs
 * type information.
 */
import babelParser from '@babel/eslint-parser';
import boundaries from 'eslint-plugin-boundaries';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

/** test files and their harnesses wire fakes across layers and hold Chinese sample data */
const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.testkit.ts',
  '**/testing.tsx',
  '**/testing.ts',
  '**/test-kit.ts',
  '**/test-support.ts',
  'server/test/**',
  '**/test-fixtures/**',
];

/** Folders as boundaries elements; the most specific pattern first. */
const ELEMENTS = [
  { type: 'schema', pattern: 'src/schema', mode: 'folder' },
  { type: 'engine', pattern: 'src/engine', mode: 'folder' },
  { type: 'renderer', pattern: 'src/renderer', mode: 'folder' },
  { type: 'shell', pattern: 'src/shell', mode: 'folder' },
  { type: 'screens', pattern: 'src/screens', mode: 'folder' },
  // the generated record and input types also type the server modules' handlers (declarations only)
  { type: 'generated-types', pattern: 'src/generated/types.ts', mode: 'file' },
  { type: 'generated', pattern: 'src/generated', mode: 'folder' },
  { type: 'codegen', pattern: 'src/codegen', mode: 'folder' },
  { type: 'app', pattern: 'src/app', mode: 'folder' },
  { type: 'src-root', pattern: 'src/*.{ts,tsx}', mode: 'file' },
  { type: 'server-core', pattern: 'server/core', mode: 'folder' },
  { type: 'server-module', pattern: 'server/modules/*', mode: 'folder', capture: ['module'] },
  { type: 'server-modules-index', pattern: 'server/modules/index.ts', mode: 'file' },
  { type: 'server-platforms', pattern: 'server/platforms', mode: 'folder' },
  { type: 'server-migrations', pattern: 'server/migrations', mode: 'folder' },
  { type: 'server-main', pattern: 'server/main.ts', mode: 'file' },
  { type: 'server-test', pattern: 'server/test', mode: 'folder' },
  // app.json holds the app's settings (title, layout, request rules, locales), no screen: the shell reads it
  { type: 'app-settings', pattern: 'schemas/app.json', mode: 'full' },
  { type: 'console-data', pattern: ['schemas/**', 'locales/**'], mode: 'full' },
  { type: 'tooling', pattern: ['scripts', 'e2e', 'bench'], mode: 'folder' },
];

/** what each layer may import besides itself (README.md "Architecture"; each folder's README says the same) */
const MAY_IMPORT = {
  schema: [],
  engine: ['schema'],
  renderer: ['schema', 'engine'],
  shell: ['schema', 'engine', 'renderer', 'app-settings'],
  screens: ['schema', 'engine', 'renderer', 'shell', 'generated', 'generated-types', 'console-data', 'app-settings'],
  generated: ['schema', 'shell', 'generated-types', 'console-data', 'app-settings'],
  // type-only imports of the result kinds' types (Page, Option, UploadedFile) from the schema language
  'generated-types': ['schema'],
  codegen: ['schema'],
  app: ['schema', 'engine', 'renderer', 'shell', 'screens', 'generated', 'generated-types', 'src-root', 'console-data', 'app-settings'],
  'src-root': ['schema', 'engine', 'renderer', 'shell', 'screens', 'generated', 'generated-types', 'app', 'console-data', 'app-settings'],
  'server-core': ['schema', 'server-migrations'],
  'server-module': ['schema', 'server-core', 'server-platforms', 'console-data', 'app-settings', 'server-module', 'generated-types'],
  'server-modules-index': ['server-module', 'server-core', 'schema'],
  'server-platforms': ['schema', 'server-core', 'console-data', 'app-settings'],
  'server-migrations': [],
  'server-main': ['server-core', 'server-modules-index', 'server-module', 'schema', 'console-data', 'app-settings'],
  'server-test': ['schema', 'server-core', 'server-module', 'server-modules-index', 'server-platforms', 'console-data', 'app-settings'],
  tooling: ['*'],
};

const UI_PACKAGES = ['antd', 'react-dom', '@ant-design/pro-components', '@ant-design/pro-*', '@ant-design/icons'];
const BROWSER_PACKAGES = [...UI_PACKAGES, 'react', 'react-router', 'react-router-dom', 'react-intl', 'umi-request', '@ant-design/*'];
const SERVER_TYPES = ['server-core', 'server-module', 'server-modules-index', 'server-platforms', 'server-migrations', 'server-main'];

/** Han, CJK punctuation and full-width forms: visible text lives in locales/<locale>/*.json */
const CJK = '[\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]';
const CJK_MESSAGE = 'Chinese text in source: visible text must be an i18n key with its texts in locales/zh-CN and locales/en-US';

export default [
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', '**/fixtures/**', 'public/**', '.data-bench/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, presets: [['@babel/preset-typescript', { allowDeclareFields: true }]] },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // element patterns are relative to this folder, wherever ESLint is started from
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['src/**', 'server/**', 'scripts/**', 'e2e/**', 'bench/**', 'schemas/**', 'locales/**'],
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'require', 'export'],
      'import/resolver': { node: { extensions: EXTENSIONS } },
      'import-x/resolver-next': [createNodeResolver({ extensions: EXTENSIONS })],
      'import-x/extensions': EXTENSIONS,
      'import-x/parsers': { '@babel/eslint-parser': EXTENSIONS },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} may not import ${dependency.type} (imports run one way: see README.md "Architecture" and the folder README)',
          rules: Object.entries(MAY_IMPORT).map(([from, may]) => ({ from, allow: may.includes('*') ? ['*'] : [from, ...may] })),
        },
      ],
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['schema', 'engine'],
              disallow: UI_PACKAGES,
              message: 'src/schema and src/engine are UI-free: ${dependency.source} belongs in src/renderer',
            },
            { from: SERVER_TYPES, disallow: BROWSER_PACKAGES, message: 'the server never imports browser packages (${dependency.source})' },
          ],
        },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: 'server-module', disallow: ['**'], message: 'a server module reaches another only through its index.ts, not ${dependency.source}' },
            { target: 'server-module', allow: ['index.ts'] },
          ],
        },
      ],
      'boundaries/no-unknown': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false, commonjs: true }],
      'import-x/no-unresolved': ['error', { commonjs: true, ignore: ['^virtual:', '\\?(raw|url|inline)$'] }],
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/${CJK}/]`, message: CJK_MESSAGE },
        { selector: `TemplateElement[value.raw=/${CJK}/]`, message: CJK_MESSAGE },
        { selector: `JSXText[value=/${CJK}/]`, message: CJK_MESSAGE },
        {
          selector: 'JSXAttribute[name.name=/^onTransition(Run|Start|Cancel)(Capture)?$/]',
          message:
            'the production build leaves these events out of React (scripts/react-unused-events.ts): use onTransitionEnd, or take them out of that plugin',
        },
      ],
    },
  },
  {
    // tests wire fakes across layers and may hold Chinese sample data; cycles and resolution still count
    files: TESTS,
    rules: { 'boundaries/element-types': 'off', 'boundaries/external': 'off', 'boundaries/entry-point': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    // tooling and the server may print or seed Chinese sample data; the no-Chinese rule is for the browser
    files: ['scripts/**', 'e2e/**', 'bench/**', 'server/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // tooling (seed, create-admin, benchmarks) drives the server from outside and may use a module's parts
    files: ['scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'boundaries/entry-point': 'off' },
  },
];
