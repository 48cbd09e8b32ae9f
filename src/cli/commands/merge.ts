/**
 * `gramlog merge DIR... [--out DIR]`: join the `--out` folders of the shards
 * of one run (src/cli/out/merge.ts) into one output in seed order: stdout (the
 * bytes the whole run prints) or one folder with one manifest.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { stringOpt } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';
import { checkShards, mergeToDir, mergeToStream, MergeError } from '../out/merge.js';
import { MANIFEST } from '../out/out-dir.js';

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'join the --out folders of the shards of one run (--shard K/N) into one output, in seed order',
  options: {
    out: { type: 'string', short: 'o' },
  },
  help: `usage: gramlog merge DIR... [--out DIR]

Joins the folders written by the shards of one run (gramlog generate ...
--count N --shard K/N --out DIR) into one output, in seed order: on stdout,
the bytes the whole run prints without --shard and --out; with --out DIR, one
folder with the chunk files in seed order and one manifest of the whole run.

First it checks that the folders agree: their manifests (DIR/manifest.json)
name the same gramlog version, command, options, input files (by sha256) and
seed range; together they cover the range with no gap and no overlap; each
shard is complete; and every chunk file still has the sha256 its manifest
gives. A disagreement is an error naming the folder (or file) and what
differs, and nothing is written.

options:
  -o, --out DIR         write one folder (chunk files + manifest.json) instead
                        of stdout; DIR must not hold a run already
  -h, --help            this text

exit codes: 0 merged, 1 the folders disagree (printed as
            DIR/manifest.json: error[jobs/...]: ...), 2 usage error

examples:
  gramlog merge out/shard-0 out/shard-1 out/shard-2 > all.jsonl
  gramlog merge out/shard-* --out out/all
`,
  run(args, io, sources) {
    const dirs = args.positionals;
    if (dirs.length === 0) throw new UsageError('gramlog merge: give the --out folders of the shards (DIR...)');
    const out = stringOpt(args, 'out');
    if (out !== undefined && existsSync(join(out, MANIFEST))) throw new UsageError(`gramlog merge: --out ${out} already holds a run (${join(out, MANIFEST)}); give another DIR`);
    for (const d of dirs) if (!existsSync(d)) throw new UsageError(`gramlog merge: ${d}: no such folder`);
    try {
      const shards = checkShards(dirs, sources);
      if (out !== undefined) mergeToDir(shards, out);
      else {
        if (shards[0]?.manifest.binary) throw new UsageError(`gramlog merge: a binary format (${shards[0].manifest.format}) is merged into a folder: give --out DIR`);
        mergeToStream(shards, (t) => io.out(t));
      }
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      io.err(`${e.file}: error[${e.code}]: ${e.message}\n`);
      return EXIT.findings;
    }
    return EXIT.ok;
  },
};
