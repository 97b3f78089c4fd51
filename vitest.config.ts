/**
 * Unit and server tests (vitest). Browser e2e tests live in e2e/ and run with `npm run test:e2e`.
 * PGlite is a WebAssembly PostgreSQL of ~100–200 MB per app (~700 MB while a fresh one runs
 * initdb), and the machine has 2 cores: forks (memory is freed when a fork exits), at most two
 * test files at once, and generous timeouts for the first template build (see server/test/README.md).
 *
 * The server and script tests share their modules within a worker (`isolate: false`): each file
 * importing the whole server again was a third of the suite's time (254 s → 128 s for the PGlite
 * run here, and the suite runs twice in `npm test`, on PGlite and on PostgreSQL). Every file still
 * builds its own app and database (server/test/helper.ts); a test must not rely on module state another file
 * could have set (a registry filled by whichever app was built first, say). The browser-side tests
 * stay isolated: sharing gained nothing there, and their mocks and DOM are per file.
 *
 * Node loads antd as CommonJS (antd/lib, and rc-table/lib under it), where the browser build takes its
 * ES modules. A deep import of rc-table's ES files (lean-row.tsx reads rc-table's table context) would
 * then be a second copy of that context, one antd's table never fills: in the browser tests those
 * imports take the CommonJS files antd uses.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        resolve: { alias: [{ find: /^rc-table\/es\//, replacement: 'rc-table/lib/' }] },
        test: { name: 'web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
      },
      {
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
      },
    ],
  },
});
