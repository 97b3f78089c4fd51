/**
 * `npm run lint`: import direction between layers, import cycles and Chinese text outside the
 * locale files. The checks live in src/codegen/lint.ts; this entry prints and sets the exit code.
 */
import { join } from 'node:path';
import { formatFinding, lintProject, sourceFiles } from '../src/codegen/lint';

const root = join(import.meta.dirname, '..');
const files = sourceFiles(root);
const findings = lintProject(root, files);
for (const f of findings) console.log(formatFinding(f));
console.log(findings.length ? `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}` : `lint OK (${files.length} files)`);
process.exit(findings.length ? 1 : 0);
