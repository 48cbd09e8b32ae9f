/**
 * What a mass run (`--count N`, `--jobs`, `--shard`, `--out`) computes per
 * seed and hands to the ordered writer: structured-cloneable, so a worker
 * thread's result is the same value as the main thread's.
 */
import type { Shard } from './shard.js';
import type { Code } from '../../errors.js';

/** One seed's result: its document (text or bytes) unless it failed, and what goes to stderr for it. */
export interface SeedOutcome {
  /** The artifact as printed (a text format). */
  doc?: string;
  /** The same as UTF-8 bytes, instead of `doc`: a worker's document as the main thread gets it (src/cli/parallel/pack.ts). */
  docBytes?: Uint8Array;
  /** The artifact of a binary format (written as is). */
  bytes?: Uint8Array;
  /** The stderr text of this seed (its findings, its error), printed in seed order. */
  err?: string;
  /** Set when the seed failed: the error as printed. */
  failure?: string;
  /** The seed derived violation facts. */
  violating?: boolean;
  /** How many violation facts it derived (with `violating`). */
  violationFacts?: number;
  /** Print `err` before the document (validate --emit-bases: the report, then the facts). */
  errFirst?: boolean;
  /** A command's own structured-cloneable result for this item (simulate: a playout's depth and goals; src/cli/parallel/run-items.ts). */
  data?: unknown;
  /** The error that stopped the run at this seed (a worker's, rethrown in order by the main thread). */
  thrown?: ThrownError;
}

/** An error as a worker sends it: a GramlogError's code, message, span and diagnostics, a usage error, or another error's message. */
export type ThrownError =
  | { kind: 'gramlog'; code: Code; message: string; span?: unknown; diagnostics: unknown[] }
  | { kind: 'usage'; message: string }
  | { kind: 'other'; message: string }
  /** Thrown in the main thread (its batch of a parallel run): rethrown as it is. */
  | { kind: 'local'; error: unknown };

/** The options of a mass run (`--jobs`, `--shard`, `--out`, `--resume`). */
export interface MassOptions {
  /** Worker threads; 1 runs in-process. */
  jobs: number;
  shard?: Shard;
  /** `--out DIR`: chunk files and a manifest instead of stdout. */
  out?: string;
  resume: boolean;
  /** `--chunk N`: seeds per chunk file of --out (default CHUNK_SEEDS, 1000). */
  chunk?: number;
}

/** What a mass run did: its seed range (the shard's) and how many failed or derived violations. */
export interface Tally {
  first: number;
  count: number;
  failed: number;
  /** Seeds that derived violation facts. */
  violating: number;
  /** The violation facts those seeds derived, in all; undefined when some were resumed from an earlier run (--resume), whose counts are not kept. */
  violationFacts?: number;
}
