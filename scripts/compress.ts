/**
 * After `vite build`: writes <file>.br (brotli, max quality) and <file>.gz (gzip -9) beside every
 * text asset in dist/ worth compressing, so the server can send them as they are (no work per request).
 * Prints the totals. Usage: `tsx scripts/compress.ts [distDir]`.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|xml|ico|wasm)$/i;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

export function compressDir(dist: string): { files: number; raw: number; gz: number; br: number } {
  const totals = { files: 0, raw: 0, gz: 0, br: 0 };
  for (const file of files(dist)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const gz = gzipSync(data, { level: 9 });
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    writeFileSync(file + '.gz', gz);
    writeFileSync(file + '.br', br);
    totals.files += 1;
    totals.raw += data.length;
    totals.gz += gz.length;
    totals.br += br.length;
  }
  return totals;
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain) {
  const dist = process.argv[2] ?? 'dist';
  try {
    statSync(dist);
  } catch {
    console.error(`compress: ${dist}/ does not exist — run vite build first`);
    process.exit(1);
  }
  const t = compressDir(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`compress: ${t.files} files in ${relative(process.cwd(), dist) || dist}/ — raw ${kb(t.raw)}, gzip ${kb(t.gz)}, brotli ${kb(t.br)}`);
}
