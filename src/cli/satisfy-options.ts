/** `--satisfy`, `--draws N` and `--search N`, as generate and master take them (src/generate/satisfy/). */
import { DEFAULT_DRAWS, DEFAULT_DRAWS_UNSTEERED, DEFAULT_SEARCH, type SatisfyOptions } from '../generate/satisfy/satisfy.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from './args.js';
import { UsageError } from './io.js';

export const SATISFY_OPTION = {
  satisfy: { type: 'boolean' },
  draws: { type: 'string' },
  search: { type: 'string' },
} as const;

export const SATISFY_HELP = `    --satisfy         print only artifacts that satisfy every constraint (no
                        violation fact; every bound, mask and limit held): the
                        seed's own draw when it does (the same bytes as
                        without --satisfy), else the first exact redraw from
                        streams derived from the seed, else draws steered by a
                        search or a solver (the artifact says which); exit 1
                        naming the conflicting lines when no artifact can
                        (docs/guides/constraints.md)
      --draws N         --satisfy: exact redraws before steering (default ${DEFAULT_DRAWS};
                        ${DEFAULT_DRAWS_UNSTEERED} for a graph grammar, which cannot steer yet)
      --search N        --satisfy: generations the steering may try per seed
                        (default ${DEFAULT_SEARCH}); past it a satisfy/budget error`;

/** The satisfy options, or undefined without --satisfy (--draws and --search without it are usage errors). */
export function readSatisfy(args: Parsed, command: string): SatisfyOptions | undefined {
  if (!boolOpt(args, 'satisfy')) {
    for (const o of ['draws', 'search']) if (stringOpt(args, o) !== undefined) throw new UsageError(`gramlog ${command}: --${o} goes with --satisfy`);
    return undefined;
  }
  const draws = stringOpt(args, 'draws') === undefined ? {} : { draws: intOpt(args, command, 'draws', DEFAULT_DRAWS, 1, 1_000_000) };
  return { ...draws, search: intOpt(args, command, 'search', DEFAULT_SEARCH, 0, 100_000_000) };
}
