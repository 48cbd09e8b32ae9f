/** Codes of mass runs (issue 24): `gramlog merge` joining the `--out` folders of the shards of one run. */
import { declareCodes } from './registry.js';

/** A hex sha256 made of one repeated digit (the examples need only its shape). */
const sha = (digit: string): string => digit.repeat(64);

/** A shard folder's manifest, as `--shard K/N --out DIR` writes it: complete ones list their one chunk. */
function manifest(o: { shard: number; of: number; first: number; count: number; complete?: boolean; sha?: string; chunks?: unknown[] }): string {
  const complete = o.complete ?? true;
  const chunk = { index: 0, first: o.first, count: o.count, files: [{ name: 'chunk-000000.jsonl', sha256: sha('0'), bytes: 3 }], failures: [], violating: [] };
  return JSON.stringify({
    gramlog: '0.1.0',
    command: 'generate',
    options: { count: '4', json: true },
    files: ['rules.gdl'],
    inputs: [{ file: 'rules.gdl', sha256: sha(o.sha ?? 'a') }],
    seeds: { first: 0, count: 4 },
    shard: { index: o.shard, count: o.of },
    range: { first: o.first, count: o.count },
    format: 'json',
    extension: 'jsonl',
    documentPerArtifact: false,
    binary: false,
    separator: '',
    chunkSeeds: 1000,
    complete,
    counts: { seeds: o.count, done: complete ? o.count : 0, failed: 0, violating: 0 },
    chunks: o.chunks ?? (complete ? [chunk] : []),
  });
}

export const CODES = declareCodes([
  {
    code: 'jobs/merge-manifest',
    severity: 'error',
    title: 'A folder given to gramlog merge has no readable manifest.',
    explanation: 'gramlog merge joins folders written by `--out DIR`; each holds a `manifest.json` saying what ran. A folder without one (a typo, a run that never started) or with a manifest that is not JSON cannot be merged.',
    example: { file: 'shard-0/notes.txt', text: 'not a run\n', command: 'gramlog merge shard-0' },
    fix: 'Give the folders the shards wrote with `--out DIR`; a run that stopped before writing its manifest is started again.',
  },
  {
    code: 'jobs/merge-mismatch',
    severity: 'error',
    title: 'The folders given to gramlog merge are not shards of one run.',
    explanation:
      'Every shard of one run has the same gramlog version, command, options, input files (by sha256), seed range, format and chunk size; merge compares each manifest with the first and names the first field that differs (here an input file changed between two shards).',
    example: {
      file: 'shard-0/manifest.json',
      text: manifest({ shard: 0, of: 2, first: 0, count: 2 }),
      others: { 'shard-1/manifest.json': manifest({ shard: 1, of: 2, first: 2, count: 2, sha: 'b' }) },
      command: 'gramlog merge shard-0 shard-1',
    },
    fix: 'Run every shard with the same command line on the same files (and the same gramlog); run again the shards whose inputs differ.',
  },
  {
    code: 'jobs/merge-incomplete',
    severity: 'error',
    title: 'A shard given to gramlog merge did not finish.',
    explanation: 'A shard interrupted (a killed pod, a preempted job) has written only some of its chunks; its manifest says so, and merge refuses to join a partial output.',
    example: {
      file: 'shard-0/manifest.json',
      text: manifest({ shard: 0, of: 1, first: 0, count: 4, complete: false }),
      command: 'gramlog merge shard-0',
    },
    fix: 'Finish the shard: run its command line again with `--resume` (the chunks already written are kept).',
  },
  {
    code: 'jobs/merge-range',
    severity: 'error',
    title: 'The shards given to gramlog merge leave a gap in the seeds or overlap.',
    explanation: 'The shards of one run must cover its seed range exactly once: a missing shard leaves seeds out, and a shard given twice (or two runs split differently) covers some twice.',
    example: {
      file: 'shard-0/manifest.json',
      text: manifest({ shard: 0, of: 3, first: 0, count: 2 }),
      others: { 'shard-2/manifest.json': manifest({ shard: 2, of: 3, first: 3, count: 1 }) },
      command: 'gramlog merge shard-0 shard-2',
    },
    fix: 'Give every shard 0..N-1 once (e.g. `gramlog merge out/shard-*`); run the missing ones.',
  },
  {
    code: 'jobs/merge-chunk',
    severity: 'error',
    title: 'A chunk file is missing or is not what its manifest says.',
    explanation: 'Each chunk file is listed in its manifest with its sha256; a file deleted, edited or cut short after it was written (a full disk, a copy that stopped) does not match, and merge stops before writing anything.',
    example: {
      file: 'shard-0/manifest.json',
      text: manifest({ shard: 0, of: 1, first: 0, count: 4 }),
      others: { 'shard-0/chunk-000000.jsonl': '{}\n' },
      command: 'gramlog merge shard-0',
    },
    fix: 'Run the shard again with `--resume`: a chunk whose hash does not match is computed again.',
  },
  {
    code: 'jobs/manifest-invalid',
    severity: 'error',
    title: 'A manifest.json read by gramlog merge or --resume is not one gramlog wrote.',
    explanation:
      'Before using a folder, merge and `--resume` check its manifest against `schemas/manifest.schema.json` (every key present with its type; file names plain names in the folder, never paths such as `../x`) and then that its chunks cover its seed range exactly once, in order, each naming the files gramlog writes for it, with counts that are their sums, and `complete` only when every chunk is listed. A manifest edited by hand, cut short or written by something else is named at the key that is wrong; nothing is read or written through it.',
    example: {
      file: 'shard-0/manifest.json',
      text: manifest({ shard: 0, of: 1, first: 0, count: 4 }).replace('"chunk-000000.jsonl"', '"../outside.txt"'),
      command: 'gramlog merge shard-0',
    },
    fix: 'Run the shard again into a fresh `--out DIR` (or fix the key by hand to what gramlog wrote); never point a manifest at files outside its folder.',
  },
]);
