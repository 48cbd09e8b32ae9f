/**
 * `--out DIR`: a mass run's results as files. Text and JSON Lines go to chunk
 * files of CHUNK_SEEDS seeds (`chunk-000000.jsonl`, numbered within the
 * directory); a format with one document per artifact (DOT, and binary
 * formats) to one file per seed (`seed-000042.dot`). Every file is written to
 * a temporary name and renamed when whole, and DIR/manifest.json (also
 * renamed into place) lists a chunk only once all its files are written, with
 * their sha256. `--resume` trusts exactly the listed chunks whose files still
 * have those hashes and computes the others, so an interrupted run finished
 * with --resume has the bytes of an uninterrupted one.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { GramlogError } from '../../errors.js';
import { formatError } from '../diagnostics.js';
import { LocatedUsageError, UsageError } from '../io.js';
import { parseManifest } from './manifest-check.js';
import type { SeedOutcome } from '../parallel/types.js';
import { chunkName, describeField, firstDifference, seedFileName, sha256, type ChunkEntry, type ChunkFile, type Manifest, type ManifestHead } from './manifest.js';
import { createHash, type Hash } from 'node:crypto';

export interface OutFormat {
  name: string;
  extension: string;
  documentPerArtifact: boolean;
  binary: boolean;
}

export interface OutDirSpec {
  dir: string;
  resume: boolean;
  head: ManifestHead;
  first: number;
  count: number;
  format: OutFormat;
  separator: string;
  /** Whether a chunk an earlier run wrote still holds what its manifest claims beyond its files' hashes (its failures and violations), by computing those seeds again. */
  claimsHold?: (c: ChunkEntry) => boolean;
}

export interface OutDir {
  todo: Array<[number, number]>;
  resumed: { done: number; failed: number; violating: number };
  write(seed: number, outcome: SeedOutcome): void;
  end(): void;
}

export const MANIFEST = 'manifest.json';

/** Write `data` to PATH atomically: a temporary file in the same folder, then a rename. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** Read DIR/manifest.json; undefined when there is none; a located usage error at the key when it is not a manifest gramlog wrote. */
export function readManifest(dir: string, command: string): Manifest | undefined {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`gramlog ${command}: ${path}: not a manifest of gramlog --out (${(e as Error).message}); give another --out DIR`);
  }
  try {
    return parseManifest(text, path);
  } catch (e) {
    if (!(e instanceof GramlogError)) throw e;
    throw new LocatedUsageError(`${formatError(e, new Map([[path, text]]))}\n(gramlog ${command} --resume cannot use ${path}; give another --out DIR)`);
  }
}

/** Whether every file of chunk `c` is in DIR with the hash the manifest gives. */
export function chunkIntact(dir: string, c: ChunkEntry): boolean {
  return c.files.every((f) => {
    const p = join(dir, f.name);
    return existsSync(p) && statSync(p).isFile() && sha256(readFileSync(p)) === f.sha256;
  });
}

export function openOutDir(spec: OutDirSpec): OutDir {
  const { dir, head, first, count } = spec;
  const command = head.command;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`gramlog ${command}: --out ${dir}: cannot make the folder: ${(e as Error).message}`);
  }
  const kept = resumableChunks(spec);
  const { todo, resumed } = planChunks(kept, first, count, head.chunkSeeds);
  const writer = new ChunkWriter(spec, kept, Math.ceil(count / head.chunkSeeds));
  writer.saveManifest();
  return {
    todo,
    resumed,
    write: (seed, o) => writer.write(seed, o),
    end: () => writer.close(),
  };
}

/** The chunks of an earlier run in DIR to keep (with --resume: the same run, its files intact); none without one. */
function resumableChunks(spec: OutDirSpec): Map<number, ChunkEntry> {
  const { dir, head } = spec;
  const command = head.command;
  const old = readManifest(dir, command);
  if (old && !spec.resume) {
    throw new UsageError(`gramlog ${command}: --out ${dir} already holds a run (${join(dir, MANIFEST)}); give --resume to finish it, or another DIR`);
  }
  const kept = new Map<number, ChunkEntry>();
  if (!old) return kept;
  const f = firstDifference(old, head);
  if (f !== undefined) {
    throw new UsageError(
      `gramlog ${command}: --resume: ${join(dir, MANIFEST)} is of another run: the ${f} differ (there ${describeField(old, f)}; here ${describeField(head, f)}); run the same command line, or give another --out DIR`,
    );
  }
  if (JSON.stringify(old.shard) !== JSON.stringify(head.shard)) {
    throw new UsageError(
      `gramlog ${command}: --resume: ${join(dir, MANIFEST)} holds shard ${old.shard ? `${old.shard.index}/${old.shard.count}` : 'none'}, not ${head.shard ? `${head.shard.index}/${head.shard.count}` : 'the whole run'}; give the same --shard`,
    );
  }
  for (const c of old.chunks) if (chunkIntact(dir, c) && (spec.claimsHold?.(c) ?? true)) kept.set(c.index, c);
  removeTemporaries(dir, readdirSync(dir));
  return kept;
}

/** The seed ranges still to compute (adjacent chunks joined) and what the kept chunks hold; a kept chunk of other seeds is dropped from `kept`. */
function planChunks(kept: Map<number, ChunkEntry>, first: number, count: number, chunkSeeds: number): Pick<OutDir, 'todo' | 'resumed'> {
  const chunkCount = Math.ceil(count / chunkSeeds);
  const todo: Array<[number, number]> = [];
  const resumed = { done: 0, failed: 0, violating: 0 };
  for (let i = 0; i < chunkCount; i++) {
    const c = kept.get(i);
    const cFirst = first + i * chunkSeeds;
    const cCount = Math.min(chunkSeeds, count - i * chunkSeeds);
    if (c && c.first === cFirst && c.count === cCount) {
      resumed.done += c.count;
      resumed.failed += c.failures.length;
      resumed.violating += c.violating.length;
      continue;
    }
    kept.delete(i);
    const last = todo[todo.length - 1];
    if (last && last[0] + last[1] === cFirst) last[1] += cCount;
    else todo.push([cFirst, cCount]);
  }
  return { todo, resumed };
}

/** Writes the outcomes seed by seed into chunk files (or a file per seed), and the manifest each time a chunk is whole. */
class ChunkWriter {
  private readonly manifest: Manifest;
  /** The chunk being written. */
  private current: { entry: ChunkEntry; fd?: number; tmp?: string; hash?: Hash; bytes: number; docs: number } | undefined;

  constructor(
    private readonly spec: OutDirSpec,
    private readonly kept: Map<number, ChunkEntry>,
    private readonly chunkCount: number,
  ) {
    this.manifest = { ...spec.head, complete: false, counts: { seeds: spec.count, done: 0, failed: 0, violating: 0 }, chunks: [] };
  }

  saveManifest(): void {
    const manifest = this.manifest;
    manifest.chunks = [...this.kept.values()].sort((a, b) => a.index - b.index);
    let done = 0;
    let failed = 0;
    let violating = 0;
    for (const c of manifest.chunks) {
      done += c.count;
      failed += c.failures.length;
      violating += c.violating.length;
    }
    manifest.counts = { seeds: this.spec.count, done, failed, violating };
    manifest.complete = manifest.chunks.length === this.chunkCount;
    writeAtomic(join(this.spec.dir, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
  }

  private open(index: number): void {
    const { dir, first, count, format } = this.spec;
    const chunkSeeds = this.spec.head.chunkSeeds;
    const entry: ChunkEntry = { index, first: first + index * chunkSeeds, count: Math.min(chunkSeeds, count - index * chunkSeeds), files: [], failures: [], violating: [] };
    this.current = { entry, bytes: 0, docs: 0 };
    if (!format.documentPerArtifact) {
      const tmp = join(dir, `${chunkName(index, format.extension)}.tmp-${process.pid}`);
      this.current.tmp = tmp;
      this.current.fd = openSync(tmp, 'w');
      this.current.hash = createHash('sha256');
    }
  }

  /** Finish the chunk being written (its file renamed into place) and list it in the manifest. */
  close(): void {
    const c = this.current;
    if (!c) return;
    this.current = undefined;
    if (c.fd !== undefined && c.tmp !== undefined && c.hash) {
      closeSync(c.fd);
      const name = chunkName(c.entry.index, this.spec.format.extension);
      renameSync(c.tmp, join(this.spec.dir, name));
      c.entry.files.push({ name, sha256: c.hash.digest('hex'), bytes: c.bytes });
    }
    this.kept.set(c.entry.index, c.entry);
    this.saveManifest();
  }

  write(seed: number, o: SeedOutcome): void {
    const { dir, first, format } = this.spec;
    const index = Math.floor((seed - first) / this.spec.head.chunkSeeds);
    if (this.current && this.current.entry.index !== index) this.close();
    if (!this.current) this.open(index);
    const c = this.current as NonNullable<ChunkWriter['current']>;
    if (o.failure !== undefined) c.entry.failures.push({ seed, message: o.failure });
    if (o.violating) c.entry.violating.push(seed);
    const doc: string | Uint8Array | undefined = o.bytes ?? o.docBytes ?? o.doc;
    if (doc !== undefined) {
      if (format.documentPerArtifact) {
        const name = seedFileName(seed, format.extension);
        writeAtomic(join(dir, name), doc);
        const f: ChunkFile = { name, sha256: sha256(doc), bytes: typeof doc === 'string' ? Buffer.byteLength(doc) : doc.length };
        c.entry.files.push(f);
      } else {
        const sep = c.docs > 0 ? this.spec.separator : '';
        const data = typeof doc === 'string' ? Buffer.from(sep + doc) : sep === '' ? doc : Buffer.concat([Buffer.from(sep), doc]);
        writeSync(c.fd as number, data);
        c.hash?.update(data);
        c.bytes += data.length;
      }
      c.docs++;
    }
    if (seed === c.entry.first + c.entry.count - 1) this.close();
  }
}

/** Remove DIR's temporary files (of an interrupted write). */
export function removeTemporaries(dir: string, names: readonly string[]): void {
  for (const n of names) if (/\.tmp-\d+$/.test(n)) rmSync(join(dir, n), { force: true });
}
