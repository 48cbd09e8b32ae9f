// Byte-identity of tree-grammar output across builds: runs a gramlog CLI
// (argument: path to its bin/gramlog.js, default ./bin/gramlog.js) over every
// tree grammar in rules/ and docs/examples/, many seeds, in every format,
// --explain, --param and --choose, and prints one line per case: a SHA-256 of
// stdout+stderr+exit code. Run it with the old build and the new, and diff:
//
//   node test/bench/output-identity.mjs /tmp/old/bin/gramlog.js > old.txt
//   node test/bench/output-identity.mjs > new.txt && diff old.txt new.txt
//
// Not part of npm test (it takes minutes); test/generate/grammar/fingerprint.test.ts
// keeps a smaller recorded fingerprint in the suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const bin = process.argv[2] ?? 'bin/gramlog.js';
const count = Number(process.argv[3] ?? 2000);
const files = ['rules', 'docs/examples'].flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.gdl')).map((f) => join(d, f)));
const tree = files.filter((f) => /^\((rule|start) /m.test(readFileSync(f, 'utf8'))).sort();
const cases = [];
for (const f of tree) {
  const params = [...readFileSync(f, 'utf8').matchAll(/^\(param ([a-z]+) (\d+)\)/gm)].map((m) => [m[1], Number(m[2])]);
  cases.push([f, '--json']);
  cases.push([f]);
  cases.push([f, '--format', 'dot']);
  cases.push([f, '--explain', '@200']);
  for (const [k, v] of params) cases.push([f, '--json', '-p', `${k}=${Math.max(1, Math.floor(v / 2))}`]);
  for (const [k, v] of params) cases.push([f, '-p', `${k}=${v + 2}`, '@500']);
  const rules = [...readFileSync(f, 'utf8').matchAll(/^\(rule ([a-z]\w*) ([a-z]\w*) /gm)].map((m) => m[2]);
  for (const r of rules.slice(0, 3)) cases.push([f, '--json', '--choose', `n=${r}`, '@300']);
}
for (const c of cases) {
  const at = c.find((a) => a.startsWith('@'));
  const n = at ? Math.min(count, Number(at.slice(1))) : count;
  const args = c.filter((a) => !a.startsWith('@'));
  const r = spawnSync(process.execPath, [bin, 'generate', ...args, '--seed', '0', '--count', String(n)], { maxBuffer: 1 << 30 });
  const h = createHash('sha256').update(r.stdout).update('\0').update(r.stderr).update('\0' + r.status).digest('hex').slice(0, 16);
  console.log(`${args.join(' ')} x${n}: ${h} ${r.stdout.length} bytes, exit ${r.status}`);
}
