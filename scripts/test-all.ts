/**
 * `npm test`: every check and every test, in the order that fails fastest.
 * Schemas → generated files up to date → lint → format → typecheck → unit + server tests on PGlite →
 * server tests on PostgreSQL (when DATABASE_URL is set) → build → browser tests.
 * Ends with one line "N passed, N failed" over all test cases.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Step {
  name: string;
  /** steps with the same group run side by side (output shown per step as each ends) */
  group?: string;
  cmd: string[];
  env?: Record<string, string | undefined>;
  /** JSON report ({numPassedTests, numFailedTests}) to count cases from */
  report?: string;
}

const tmp = mkdtempSync(join(tmpdir(), 'console-test-'));
const pgUrl = process.env.DATABASE_URL;
const vitest = (name: string, args: string[], env?: Step['env']): Step => {
  const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  return { name, cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], env, report };
};

const steps: Step[] = [
  { name: 'schemas validate', cmd: ['npx', 'tsx', 'scripts/schemas.ts', 'validate'] },
  { name: 'generated files up to date', cmd: ['npx', 'tsx', 'scripts/schemas.ts', 'gen', '--check'] },
  // three static checks side by side: each is one process, ~15-20 s, and the machine has two cores
  { name: 'lint (ESLint: layers, packages, cycles, no Chinese text)', cmd: ['npm', 'run', '--silent', 'lint'], group: 'static' },
  { name: 'format (Prettier --check)', cmd: ['npm', 'run', '--silent', 'format:check'], group: 'static' },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'], group: 'static' },
  vitest('unit and server tests (PGlite)', [], { DATABASE_URL: undefined }),
];
if (pgUrl) steps.push(vitest('server tests (PostgreSQL)', ['server'], { DATABASE_URL: pgUrl }));
else console.log('test: DATABASE_URL not set — the server suite runs on PGlite only');
steps.push({ name: 'build', cmd: ['npm', 'run', 'build'] });
steps.push({ name: 'browser tests', cmd: ['npx', 'tsx', 'e2e/run.ts'], report: join(tmp, 'e2e.json'), env: { E2E_REPORT: join(tmp, 'e2e.json') } });

/** The part of a vitest (or e2e/run.ts) JSON report read here */
interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name?: string; assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[] }[];
}

/** "step › file › test: first line of the error" for each failed case, so the end of the log names them */
function failedNames(step: string, rep: Report): string[] {
  const out: string[] = [];
  for (const file of rep.testResults ?? []) {
    const rel = (file.name ?? '').replace(process.cwd() + '/', '');
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = (a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      out.push(`${step} › ${rel} › ${a.fullName ?? '?'}${why ? `: ${why}` : ''}`);
    }
  }
  return out;
}

const failedCases: string[] = [];
let passed = 0;
let failed = 0;
const failures: string[] = [];
const started = Date.now();

/** Runs a step; its output goes straight through, or (`buffer`) is kept and printed when it ends. */
function run(step: Step, buffer: boolean): Promise<{ status: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (e) => resolve({ status: 1, output: String(e) }));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

function tally(step: Step, ok: boolean, t0: number): void {
  let counted = false;
  if (step.report) {
    try {
      const rep = JSON.parse(readFileSync(step.report, 'utf8')) as Report;
      passed += rep.numPassedTests;
      failed += rep.numFailedTests;
      failedCases.push(...failedNames(step.name, rep));
      counted = true;
    } catch {
      /* no report: the step crashed before running tests; counted as one failure below */
    }
  }
  if (!ok) {
    failures.push(step.name);
    if (!counted || failed === 0) failed += 1;
  } else if (!counted) {
    passed += 1;
  }
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s ===`);
}

for (let i = 0; i < steps.length;) {
  const group = steps[i].group;
  // the step, or the run of consecutive steps of its group
  let end = i + 1;
  while (group && end < steps.length && steps[end].group === group) end++;
  const batch = steps.slice(i, end);
  i += batch.length;
  const t0 = Date.now();
  if (batch.length === 1) {
    console.log(`\n=== ${batch[0].name} ===`);
    const r = await run(batch[0], false);
    tally(batch[0], r.status === 0, t0);
    continue;
  }
  console.log(`\n=== ${batch.map((s) => s.name).join(' | ')} (side by side) ===`);
  await Promise.all(
    batch.map(async (step) => {
      const r = await run(step, true);
      console.log(`\n=== ${step.name} ===`);
      if (r.output) process.stdout.write(r.output.endsWith('\n') ? r.output : r.output + '\n');
      tally(step, r.status === 0, t0);
    }),
  );
}
rmSync(tmp, { recursive: true, force: true });
console.log(`\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (failedCases.length) console.log(`failed tests:\n${failedCases.map((c) => `  ✖ ${c}`).join('\n')}`);
if (failures.length) console.log(`failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
