// Compiles every nearley grammar of gramlog into its generated TypeScript module
// (run by `npm run grammar`; the generated folders are gitignored).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const GRAMMARS = [
  ['grammar/kif.ne', 'src/syntax/generated/kif-grammar.ts'],
  ['grammar/blueprint.ne', 'src/generate/blueprints/generated/blueprint-grammar.ts'],
  ['grammar/json.ne', 'src/syntax/generated/json-grammar.ts'],
];

for (const [source, out] of GRAMMARS) {
  mkdirSync(dirname(out), { recursive: true });
  execFileSync('nearleyc', [source, '-o', out], { stdio: 'inherit', shell: process.platform === 'win32' });
}
