/**
 * Manifests and shard folders (issue 35): a real `--out DIR` folder (JSON
 * Lines chunks, or one DOT file per seed) with its manifest edited the way a
 * hand, a bad copy or an attacker would (keys set to hostile values or
 * deleted, chunks dropped or doubled, files named `../outside.txt`, chunk
 * files changed), through `merge` and `merge --out`. Cases run on disk
 * (`disk: true`): the harness also checks that nothing outside the folders
 * is read (`outside.txt`) or written.
 */
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main.js';
import { fakeIo } from '../../cli/fake-io.js';
import type { CliCase } from '../harness.js';
import { pick } from './common.js';

const GRAMMAR = '(start s)\n(maxnodes 9)\n(rule s leaf 1)\n(rule s pair 1)\n(child pair 0 s) (child pair 1 s)\n';

/** The files of a folder written by `gramlog generate ARGS --out DIR`, by name. */
async function folder(args: string[]): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-fuzz-merge-'));
  try {
    await main(['generate', 'f.gdl', ...args, '--out', dir], fakeIo({ files: { 'f.gdl': GRAMMAR } }).io);
    const out: Record<string, string> = {};
    for (const f of readdirSync(dir)) out[f] = readFileSync(join(dir, f), 'utf8');
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BASES = [await folder(['--count', '6', '--chunk', '2', '--json']), await folder(['--count', '3', '--format', 'dot'])];

/** Every path of keys and indexes in a JSON value. */
function paths(v: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...paths(x, [...at, i])));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

const VALUES: unknown[] = [null, 5, -1, 1e300, 'x', '', true, [], {}, '../outside.txt', '/etc/passwd', 'chunk-000001.jsonl', 'manifest.json', '..', 0, 2 ** 53, '__proto__'];
const NAMES = ['../outside.txt', '../../outside.txt', '/tmp/outside.txt', '..', '.', 'manifest.json', 'chunk-000001.jsonl', 'seed-000001.dot', 'seed-000000.jsonl', 'chunk-000000.jsonl/..'];

type Edit =
  | { op: 'set'; path: number; value: unknown }
  | { op: 'delete'; path: number }
  | { op: 'drop' | 'double'; chunk: number }
  | { op: 'name'; chunk: number; name: string }
  | { op: 'swap'; a: number; b: number }
  | { op: 'chunkText'; chunk: number; text: string }
  | { op: 'cut'; at: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), path: fc.nat(), value: pick(VALUES) }),
  fc.record({ op: fc.constant('delete' as const), path: fc.nat() }),
  fc.record({ op: pick(['drop', 'double'] as const), chunk: fc.nat(4) }),
  fc.record({ op: fc.constant('name' as const), chunk: fc.nat(4), name: pick(NAMES) }),
  fc.record({ op: fc.constant('swap' as const), a: fc.nat(4), b: fc.nat(4) }),
  fc.record({ op: fc.constant('chunkText' as const), chunk: fc.nat(4), text: pick(['', '{}\n', 'changed\n']) }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat() }),
);

/** The folder `base` with `edits` applied to its manifest and files, under folder name `dir`. */
function edited(base: Record<string, string>, edits: readonly Edit[], dir: string): Record<string, string> {
  const files = { ...base };
  const m = JSON.parse(files['manifest.json'] as string) as Record<string, any>;
  let text: string | undefined;
  for (const e of edits) {
    const all = paths(m).filter((p) => p.length > 0);
    const chunks = Array.isArray(m['chunks']) ? (m['chunks'] as any[]) : [];
    const chunk = (i: number) => (chunks.length > 0 ? chunks[i % chunks.length] : undefined);
    if (e.op === 'set' || e.op === 'delete') {
      const p = all[e.path % all.length] as Array<string | number>;
      let parent: any = m;
      for (const k of p.slice(0, -1)) parent = parent?.[k];
      if (parent === null || typeof parent !== 'object') continue;
      const last = p[p.length - 1] as string | number;
      if (e.op === 'set') parent[last] = structuredClone(e.value);
      else if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else if (e.op === 'drop' && chunks.length > 0) chunks.splice(e.chunk % chunks.length, 1);
    else if (e.op === 'double' && chunks.length > 0) chunks.splice(e.chunk % chunks.length, 0, structuredClone(chunk(e.chunk)));
    else if (e.op === 'name') {
      const f = chunk(e.chunk)?.files?.[0];
      if (f && typeof f === 'object') f.name = e.name;
    } else if (e.op === 'swap') {
      const a = chunk(e.a);
      const b = chunk(e.b);
      if (a && b && typeof a === 'object' && typeof b === 'object') [a.files, b.files] = [b.files, a.files];
    } else if (e.op === 'chunkText') {
      const name = chunk(e.chunk)?.files?.[0]?.name;
      if (typeof name === 'string' && name in files) files[name] = e.text;
    } else if (e.op === 'cut') text = JSON.stringify(m, null, 1).slice(0, e.at % 2000);
  }
  files['manifest.json'] = text ?? JSON.stringify(m, null, 1) + '\n';
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [`${dir}/${k}`, v]));
}

export const mergeCases: fc.Arbitrary<CliCase> = fc
  .tuple(fc.nat(BASES.length - 1), fc.array(editArb, { minLength: 0, maxLength: 4 }), fc.array(editArb, { maxLength: 2 }), pick(['one', 'two', 'out'] as const))
  .map(([b, edits, others, how]) => {
    const base = BASES[b] as Record<string, string>;
    const files: Record<string, string> = { 'outside.txt': 'SECRET-OUTSIDE\n', ...edited(base, edits, 's0') };
    if (how === 'two') Object.assign(files, edited(base, others, 's1'));
    const argv = how === 'two' ? ['merge', 's0', 's1'] : how === 'out' ? ['merge', 's0', '--out', 'merged'] : ['merge', 's0'];
    return { kind: 'merge', argv, files, disk: true };
  });
