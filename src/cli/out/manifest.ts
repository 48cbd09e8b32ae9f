/**
 * The manifest of an `--out DIR` run (DIR/manifest.json): what ran (gramlog's
 * version, the command and its options, the sha256 of every input file), the
 * seed range and the shard, and the chunks written so far, each with the
 * sha256 of its files, the seeds that failed (with their message) and the
 * seeds that derived violation facts. `--resume` and `gramlog merge` trust a
 * chunk only when its files still have these hashes.
 */
import { createHash } from 'node:crypto';
import type { Parsed } from '../args.js';
import { VERSION } from '../../version.js';
import { record } from '../../data/records.js';

/** The options of a mass run that do not change its output, left out of the manifest's options. */
const MASS_ONLY = new Set(['jobs', 'shard', 'out', 'resume', 'chunk', 'max-memory']);

/** What a run is: shards of one run agree on all of it but `shard`. */
export interface ManifestHead {
  gramlog: string;
  command: string;
  /** The command's options (by name, as given), without --jobs, --shard, --out, --resume. */
  options: Record<string, string | boolean | string[]>;
  /** The file arguments, as given. */
  files: string[];
  /** Every input read: its name and the sha256 of its text. */
  inputs: Array<{ file: string; sha256: string }>;
  /** The whole run's seeds (before --shard). */
  seeds: { first: number; count: number };
  /** `--shard K/N`, or null for the whole run. */
  shard: { index: number; count: number } | null;
  /** The seeds this directory holds (the shard's part of the run). */
  range: { first: number; count: number };
  format: string;
  extension: string;
  documentPerArtifact: boolean;
  binary: boolean;
  /** Printed between two documents when the chunks are joined into one stream. */
  separator: string;
  /** Seeds per chunk. */
  chunkSeeds: number;
}

export interface ChunkFile {
  name: string;
  sha256: string;
  bytes: number;
}

export interface ChunkEntry {
  index: number;
  first: number;
  count: number;
  /** The chunk's file (text and JSON Lines), or its seeds' files (one document per artifact). */
  files: ChunkFile[];
  failures: Array<{ seed: number; message: string }>;
  violating: number[];
}

export interface Manifest extends ManifestHead {
  /** Every chunk of the range is written and listed. */
  complete: boolean;
  counts: { seeds: number; done: number; failed: number; violating: number };
  chunks: ChunkEntry[];
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The head of the manifest of a run of `job` whose directory holds seeds FIRST..FIRST+COUNT-1. */
export function manifestHead(
  job: {
    command: string;
    args: Parsed;
    sources: Map<string, string>;
    first: number;
    count: number;
    separator: string;
    mass: { shard?: { index: number; count: number }; chunk?: number };
    format: { name: string; extension: string; documentPerArtifact: boolean; binary: boolean };
  },
  first: number,
  count: number,
): ManifestHead {
  const options: Record<string, string | boolean | string[]> = record();
  for (const k of Object.keys(job.args.values).sort()) {
    const v = job.args.values[k];
    if (v !== undefined && v !== false && !MASS_ONLY.has(k)) options[k] = v;
  }
  return {
    gramlog: VERSION,
    command: job.command,
    options,
    files: [...job.args.positionals],
    inputs: [...job.sources].map(([file, text]) => ({ file, sha256: sha256(text) })),
    seeds: { first: job.first, count: job.count },
    shard: job.mass.shard ? { index: job.mass.shard.index, count: job.mass.shard.count } : null,
    range: { first, count },
    format: job.format.name,
    extension: job.format.extension,
    documentPerArtifact: job.format.documentPerArtifact,
    binary: job.format.binary,
    separator: job.separator,
    chunkSeeds: job.mass.chunk ?? CHUNK_SEEDS,
  };
}

/** `chunk-000012.jsonl`: the name of chunk I. */
export function chunkName(index: number, extension: string): string {
  return `chunk-${String(index).padStart(6, '0')}.${extension}`;
}

/** `seed-000042.dot`, `seed-m000007.dot` (seed -7): the file of one seed's document. */
export function seedFileName(seed: number, extension: string): string {
  return `seed-${seed < 0 ? 'm' : ''}${String(Math.abs(seed)).padStart(6, '0')}.${extension}`;
}

/** Seeds per chunk file (and per unit of --resume). */
export const CHUNK_SEEDS = 1000;

/** The fields two shards of one run must agree on, in the order they are compared. */
export const RUN_FIELDS = ['gramlog', 'command', 'options', 'files', 'inputs', 'seeds', 'format', 'separator', 'chunkSeeds'] as const;

/** The first field of RUN_FIELDS on which `a` and `b` differ, or undefined. */
export function firstDifference(a: ManifestHead, b: ManifestHead): (typeof RUN_FIELDS)[number] | undefined {
  return RUN_FIELDS.find((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
}

/** A person's account of field `f` of a manifest (for the messages of --resume and merge). */
export function describeField(m: ManifestHead, f: (typeof RUN_FIELDS)[number]): string {
  switch (f) {
    case 'gramlog':
      return `gramlog ${m.gramlog}`;
    case 'command':
      return `gramlog ${m.command}`;
    case 'inputs':
      return m.inputs.map((i) => `${i.file} sha256 ${i.sha256.slice(0, 12)}`).join(', ');
    case 'seeds':
      return `seeds ${m.seeds.first}..${m.seeds.first + m.seeds.count - 1} (--seed ${m.seeds.first} --count ${m.seeds.count})`;
    default:
      return JSON.stringify(m[f]);
  }
}
