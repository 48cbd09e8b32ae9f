/**
 * `gramlog merge DIR...`: the shard directories of one run (`--shard K/N
 * --out DIR`) joined into one output, in seed order, after checking that they
 * are of one run (the same gramlog version, command, options, inputs and seed
 * range), that together they cover the range with no gap and no overlap, that
 * each is complete, and that every file still has the hash its manifest
 * gives. Any disagreement is a GramlogError located at the key of the
 * manifest that disagrees (a MergeError naming the folder when it has no
 * manifest).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GramlogError, type Code, type Span } from '../../errors.js';
import { MANIFEST, writeAtomic } from './out-dir.js';
import { chunkName, describeField, firstDifference, sha256, type ChunkEntry, type Manifest } from './manifest.js';
import { parseManifestDoc } from './manifest-check.js';
import type { JsonPath } from '../../syntax/json.js';

/** A disagreement between the directories (exit 1), printed as `FILE: error[CODE]: message`. */
export class MergeError extends GramlogError {
  constructor(
    code: Code,
    message: string,
    readonly file: string,
  ) {
    super(code, message);
  }
}

/** The MergeError of `code` about `file`. */
function fail(code: Code, message: string, file: string): MergeError {
  return new MergeError(code, message, file);
}

export interface ShardDir {
  dir: string;
  manifest: Manifest;
  /** The span of a key of its manifest.json. */
  spanAt(path: JsonPath): Span;
}

/** A disagreement located at a key of shard `s`'s manifest (exit 1, printed with the manifest's line). */
function report(code: Code, message: string, s: ShardDir, path: JsonPath): GramlogError {
  return new GramlogError(code, message, s.spanAt(path));
}

function seedsText(first: number, count: number): string {
  return count === 1 ? `seed ${first}` : `seeds ${first}..${first + count - 1}`;
}

function shardText(m: Manifest): string {
  return m.shard ? `shard ${m.shard.index}/${m.shard.count}` : 'the whole run';
}

/** Read and check the directories; they come back in seed order. */
export function checkShards(dirs: readonly string[], sources?: Map<string, string>): ShardDir[] {
  const shards: ShardDir[] = dirs.map((dir) => {
    const path = join(dir, MANIFEST);
    if (!existsSync(path)) throw fail('jobs/merge-manifest', `no ${MANIFEST}: not a folder written by --out DIR`, dir);
    if (!statSync(path).isFile()) throw fail('jobs/merge-manifest', `${MANIFEST} is not a file: not a folder written by --out DIR`, dir);
    const text = readFileSync(path, 'utf8');
    sources?.set(path, text);
    const { manifest, doc } = parseManifestDoc(text, path);
    return { dir, manifest, spanAt: (p: JsonPath) => doc.spanAt(p) };
  });
  const [ref] = shards as [ShardDir];
  const refPath = join(ref.dir, MANIFEST);
  for (const s of shards.slice(1)) {
    const f = firstDifference(ref.manifest, s.manifest);
    if (f !== undefined) {
      throw report(
        'jobs/merge-mismatch',
        `not a shard of the same run as ${refPath}: the ${f} differ (here ${describeField(s.manifest, f)}; there ${describeField(ref.manifest, f)})`,
        s,
        [f],
      );
    }
    if ((s.manifest.shard?.count ?? 1) !== (ref.manifest.shard?.count ?? 1)) {
      throw report('jobs/merge-mismatch', `${shardText(s.manifest)} of a run split otherwise than ${refPath} (${shardText(ref.manifest)})`, s, ['shard']);
    }
  }
  for (const s of shards) {
    if (!s.manifest.complete) {
      const { done, seeds } = s.manifest.counts;
      throw report(
        'jobs/merge-incomplete',
        `${shardText(s.manifest)} is not complete (${done} of ${seeds} seeds written); finish it with the same command line and --resume`,
        s,
        ['complete'],
      );
    }
  }
  shards.sort((a, b) => a.manifest.range.first - b.manifest.range.first || a.manifest.range.count - b.manifest.range.count);
  const { first, count } = ref.manifest.seeds;
  let expected = first;
  let previous: ShardDir | undefined;
  for (const s of shards) {
    const r = s.manifest.range;
    if (r.count === 0) continue;
    if (r.first > expected) {
      throw report(
        'jobs/merge-range',
        `${seedsText(expected, r.first - expected)} of the run (${seedsText(first, count)}) ${r.first - expected === 1 ? 'is' : 'are'} in none of the folders given: a shard is missing before ${shardText(s.manifest)}`,
        s,
        ['range'],
      );
    }
    if (r.first < expected) {
      throw report(
        'jobs/merge-range',
        `${shardText(s.manifest)} holds ${seedsText(r.first, r.count)}, which overlap ${seedsText(r.first, expected - r.first)} of ${previous ? join(previous.dir, MANIFEST) : 'another folder'}; give each shard once`,
        s,
        ['range'],
      );
    }
    expected = r.first + r.count;
    previous = s;
  }
  if (expected < first + count) {
    const last = shards[shards.length - 1] as ShardDir;
    throw report(
      'jobs/merge-range',
      `${seedsText(expected, first + count - expected)} of the run (${seedsText(first, count)}) ${first + count - expected === 1 ? 'is' : 'are'} in none of the folders given: a shard after ${shardText(last.manifest)} is missing`,
      last,
      ['range'],
    );
  }
  for (const s of shards) s.manifest.chunks.forEach((c, i) => checkChunk(s, c, i));
  return shards;
}

/** Every file of chunk `c` (the manifest's i-th) is in the folder with its sha256; else an error at its entry in the manifest. */
function checkChunk(s: ShardDir, c: ChunkEntry, i: number): void {
  c.files.forEach((f, j) => {
    const path = join(s.dir, f.name);
    const entry = ['chunks', i, 'files', j];
    if (!existsSync(path)) throw report('jobs/merge-chunk', `${path} is missing: the manifest lists it (${seedsText(c.first, c.count)}); run the shard again with --resume`, s, [...entry, 'name']);
    if (!statSync(path).isFile()) throw report('jobs/merge-chunk', `${path} is not a file: the manifest lists it as a chunk file (${seedsText(c.first, c.count)}); run the shard again with --resume`, s, [...entry, 'name']);
    if (sha256(readFileSync(path)) !== f.sha256) {
      throw report('jobs/merge-chunk', `${path}: its sha256 is not the manifest's: changed or cut short after it was written; run the shard again with --resume`, s, [...entry, 'sha256']);
    }
  });
}

/** The documents of the shards in seed order (a chunk file's text is several documents already joined). */
export function* shardFiles(shards: readonly ShardDir[]): Generator<{ dir: string; chunk: ChunkEntry; name: string }> {
  for (const s of shards) for (const c of [...s.manifest.chunks].sort((a, b) => a.first - b.first)) for (const f of c.files) yield { dir: s.dir, chunk: c, name: f.name };
}

/** Join the shards into one stream: their files' texts, the run's separator between two non-empty ones. */
export function mergeToStream(shards: readonly ShardDir[], out: (text: string) => void): void {
  const separator = (shards[0] as ShardDir).manifest.separator;
  let printed = false;
  for (const f of shardFiles(shards)) {
    const text = readFileSync(join(f.dir, f.name), 'utf8');
    if (text === '') continue;
    out((printed ? separator : '') + text);
    printed = true;
  }
}

/** Join the shards into one folder: their files (chunks renumbered in seed order) and one manifest of the whole run. */
export function mergeToDir(shards: readonly ShardDir[], dir: string): Manifest {
  const ref = (shards[0] as ShardDir).manifest;
  mkdirSync(dir, { recursive: true });
  const chunks: ChunkEntry[] = [];
  for (const s of shards) {
    for (const c of [...s.manifest.chunks].sort((a, b) => a.first - b.first)) {
      const index = chunks.length;
      const files = c.files.map((f) => {
        const name = ref.documentPerArtifact ? f.name : chunkName(index, ref.extension);
        copyFileSync(join(s.dir, f.name), join(dir, name));
        return { ...f, name };
      });
      chunks.push({ ...c, index, files });
    }
  }
  let failed = 0;
  let violating = 0;
  for (const c of chunks) {
    failed += c.failures.length;
    violating += c.violating.length;
  }
  const merged: Manifest = {
    ...ref,
    shard: null,
    range: { ...ref.seeds },
    complete: true,
    counts: { seeds: ref.seeds.count, done: ref.seeds.count, failed, violating },
    chunks,
  };
  writeAtomic(join(dir, MANIFEST), JSON.stringify(merged, null, 1) + '\n');
  return merged;
}
