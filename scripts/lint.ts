/**
 * `npx tsx scripts/lint.ts` — kept so the old command still works: runs `npm run lint` (ESLint with
 * eslint.config.js) and exits with its code. The rules live in eslint.config.js.
 */
import { spawnSync } from 'node:child_process';

const r = spawnSync('npm', ['run', '--silent', 'lint', '--', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
