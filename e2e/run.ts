/**
 * `npm run test:e2e`: builds the console if needed, starts the real server on a fresh embedded
 * database, and runs every e2e/*.e2e.ts with node's test runner in Debian's Chromium.
 */
import { existsSync, writeFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { startServer } from './lib/server';

if (!existsSync('dist/index.html')) {
  console.log('e2e: building the console first');
  const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const only = process.argv.slice(2);
const files = readdirSync('e2e')
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
  .map((f) => `e2e/${f}`);

const server = await startServer();
process.env.E2E_BASE = server.base;
// test files are TypeScript: each child process of the runner loads tsx
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import tsx`.trim();
console.log(`e2e: server at ${server.base}; ${files.length} files`);
// E2E_GREP=<regex>: only the tests whose name matches (handy while working on one behaviour)
const grep = process.env.E2E_GREP ? { testNamePatterns: [new RegExp(process.env.E2E_GREP)] } : {};

/** Runs the files one after another; counts passes and failures per file. */
async function runFiles(list: string[]): Promise<Map<string, { passed: number; failed: number }>> {
  const counts = new Map(list.map((f) => [f, { passed: 0, failed: 0 }]));
  const of = (file: string | undefined) => counts.get(list.find((f) => file?.endsWith(f)) ?? '') ?? counts.get(list[0])!;
  const stream = run({ files: list, concurrency: 1, timeout: 300_000, ...grep });
  stream.on('test:pass', (e) => {
    if (e.details.type !== 'suite') of(e.file).passed++;
  });
  stream.on('test:fail', (e) => {
    if (e.details.type !== 'suite') of(e.file).failed++;
  });
  stream.compose(new spec()).pipe(process.stdout);
  await new Promise<void>((resolve) => stream.once('end', () => resolve()));
  return counts;
}

const counts = await runFiles(files);
// A file with a failure runs once more, alone, and is judged by that run: a browser on a loaded
// 2-core machine now and then loses a race with an animation. The retry is printed, so a test that
// only passes on its second try is seen; a real defect fails both times.
const failedFiles = files.filter((f) => counts.get(f)!.failed > 0);
if (failedFiles.length && process.env.E2E_RETRY !== '0') {
  console.log(`e2e: retrying once: ${failedFiles.join(', ')}`);
  for (const f of failedFiles) counts.set(f, (await runFiles([f])).get(f)!);
}
let passed = 0;
let failed = 0;
for (const c of counts.values()) {
  passed += c.passed;
  failed += c.failed;
}
await server.stop();
if (process.env.E2E_REPORT) writeFileSync(process.env.E2E_REPORT, JSON.stringify({ numPassedTests: passed, numFailedTests: failed }));
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
