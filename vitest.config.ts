/**
 * Unit and server tests (vitest). Browser e2e tests live in e2e/ and run with `npm run test:e2e`.
 * PGlite is a WebAssembly PostgreSQL of ~100–200 MB per app (~700 MB while a fresh one runs
 * initdb), and the machine has 2 cores: forks (memory is freed when a fork exits), at most two
 * test files at once, and generous timeouts for the first template build (see server/test/README.md).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', '**/node_modules/**', 'dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
