/**
 * Options several commands share: the seed, `--param KEY=VALUE`, `--json`,
 * and loading the rule files a command is given (warnings printed, errors
 * thrown). One place for their parsing and their usage errors, so every
 * command reads them and words their errors the same way.
 */
import { throwIfErrors, type Diagnostic } from '../errors.js';
import { isParamError } from '../generate/params.js';
import { loadProgram } from '../program/load.js';
import type { Program, ProgramOptions } from '../program/program.js';
import { intOpt, listOpt, type OptionSpec, type Parsed } from './args.js';
import { readSource } from './command.js';
import { formatDiagnostic } from './diagnostics.js';
import { sourceName, UsageError, type Io } from './io.js';
import { record } from '../data/records.js';
import { parseShard, type Shard } from './parallel/shard.js';
import type { MassOptions } from './parallel/types.js';
import { defaultJobs } from './parallel/jobs.js';

/** `-s, --seed`, `--json` and `-p, --param KEY=VALUE` (repeatable), for a command's options. */
export const SEED_OPTION = { seed: { type: 'string', short: 's' } } as const satisfies OptionSpec;
export const JSON_OPTION = { json: { type: 'boolean' } } as const satisfies OptionSpec;
export const PARAM_OPTION = { param: { type: 'string', multiple: true, short: 'p' } } as const satisfies OptionSpec;

/** `--json` output: exactly one JSON value on one line (JSON Lines when a command prints several). */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value) + '\n';
}

/** `--max-facts N`, `--max-work N` and `--timeout SECONDS`, in every command that evaluates rules. */
export const MAX_FACTS_OPTION = {
  'max-facts': { type: 'string' },
  'max-work': { type: 'string' },
  timeout: { type: 'string' },
} as const satisfies OptionSpec;

/** The help lines of `--max-facts`, `--max-work` and `--timeout`. */
export const MAX_FACTS_HELP = `    --max-facts N     stop with error[engine/limit] when one evaluation derives
                        more than N facts (default 5,000,000)
    --max-work N      stop with error[engine/budget] when one evaluation visits
                        more than N tuples (default 1,000,000,000; 0: unlimited)
    --timeout SECONDS stop with error[engine/budget] when evaluating rules
                        goes on past SECONDS of wall-clock time (default none)`;

/** The engine budgets a command was given (`--max-facts`, `--max-work`, `--timeout`), as program options. */
export function readEngineOptions(args: Parsed, command: string): Pick<ProgramOptions, 'maxFacts' | 'maxWork' | 'deadline'> {
  const maxFacts = readMaxFacts(args, command);
  return { ...(maxFacts !== undefined ? { maxFacts } : {}), ...readWork(args, command) };
}

/** `--max-facts N` (a whole number from 1), or undefined when not given. */
export function readMaxFacts(args: Parsed, command: string): number | undefined {
  return args.values['max-facts'] === undefined ? undefined : intOpt(args, command, 'max-facts', 0, 1);
}

/** The help line of `--param`. */
export const PARAM_HELP = `-p, --param KEY=VALUE replace the file's (param KEY ...) fact; repeatable;
                        a number where the file's default is a number`;

/** `--param KEY=VALUE` options as a record of text (a later KEY wins); a malformed one is a usage error. */
export function readParams(args: Parsed, command: string): Record<string, string> {
  const out: Record<string, string> = record();
  for (const p of listOpt(args, 'param')) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`gramlog ${command}: --param takes KEY=VALUE, not '${p}'`);
    out[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  return out;
}

/** Smallest and largest seed (a 32-bit signed integer), the same in every command. */
export const MIN_SEED = -0x80000000;
export const MAX_SEED = 0x7fffffff;

/** The help line of `--seed`, for a command whose default seed is `def`. */
export function seedHelp(def: number | string): string {
  return `-s, --seed N          the seed, a whole number from ${MIN_SEED} to ${MAX_SEED}
                        (default ${def}); the same seed gives the same output`;
}

/**
 * The seed option, the same rules in every command: a whole number from
 * MIN_SEED to MAX_SEED, `def` when not given; anything else is a usage error.
 */
export function readSeed(args: Parsed, command: string, def = 0): number {
  return intOpt(args, command, 'seed', def, MIN_SEED, MAX_SEED);
}

/**
 * `--count N` from `seed` runs seeds SEED..SEED+N-1, and every seed printed must
 * replay with --seed: a range that runs past MAX_SEED (or a replay file's seed
 * outside the range) is a usage error up front, never a wrapped or unreplayable seed.
 */
export function checkSeedRange(command: string, seed: number, count: number): void {
  if (!Number.isSafeInteger(seed) || seed < MIN_SEED || seed > MAX_SEED) {
    throw new UsageError(`gramlog ${command}: the seed must be a whole number from ${MIN_SEED} to ${MAX_SEED}, not ${seed}`);
  }
  const last = seed + count - 1;
  if (last > MAX_SEED) {
    throw new UsageError(
      `gramlog ${command}: --seed ${seed} --count ${count} runs seeds up to ${last}, past the largest seed ${MAX_SEED} (a seed --seed would not accept); give --seed at most ${MAX_SEED - count + 1} or a smaller --count`,
    );
  }
}

/** Run `f`; an error of a bad --param (unknown key, bad value) becomes a usage error of `command`. */
export function withParams<T>(command: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isParamError(e)) throw new UsageError(`gramlog ${command}: ${e.message}`);
    throw e;
  }
}

/**
 * Read the rule files (remembered in `sources` for error messages) and load
 * them as one program: warnings go to stderr, errors are thrown (exit 1).
 */
export function loadRuleFiles(io: Io, sources: Map<string, string>, paths: readonly string[], options: ProgramOptions = {}): Program {
  const program = loadProgram(
    paths.map((file) => ({ file: sourceName(file), text: readSource(io, sources, file) })),
    options,
  );
  printWarnings(io, sources, program.diagnostics);
  throwIfErrors(program.diagnostics);
  return program;
}

/** Print the warnings among `diagnostics` on stderr, each with its source line. */
export function printWarnings(io: Io, sources: Map<string, string>, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    if (d.severity === 'warning') io.err(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n');
  }
}

/** The engine budgets given by `--max-work` and `--timeout`, as program options (a deadline from now). */
export function readWork(args: Parsed, command: string): { maxWork?: number; deadline?: number } {
  const out: { maxWork?: number; deadline?: number } = {};
  if (args.values['max-work'] !== undefined) {
    const n = intOpt(args, command, 'max-work', 0, 0);
    out.maxWork = n === 0 ? -1 : n;
  }
  const t = args.values.timeout;
  if (t !== undefined) {
    const text = String(t).trim();
    const s = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text) || !(s > 0) || s > 1e9) {
      throw new UsageError(`gramlog ${command}: --timeout takes a number of seconds greater than 0, not '${String(t)}'`);
    }
    out.deadline = Date.now() + s * 1000;
  }
  return out;
}

/** `--max-calls N` and `--max-masters N`, where blueprints are mastered. */
export const BLUEPRINT_BUDGET_OPTION = { 'max-calls': { type: 'string' }, 'max-masters': { type: 'string' } } as const satisfies OptionSpec;

/** The help lines of `--max-calls` and `--max-masters`. */
export const BLUEPRINT_BUDGET_HELP = `      --max-calls N stop with error[blueprint/budget] when one master makes more
                    than N function calls (default 1,000,000)
      --max-masters N stop with error[blueprint/budget] when one master masters
                    more than N blueprints, nested ones included (default 100,000)`;

/** The blueprint budgets a command was given, as master options. */
export function readBlueprintBudget(args: Parsed, command: string): { maxCalls?: number; maxMasters?: number } {
  const out: { maxCalls?: number; maxMasters?: number } = {};
  if (args.values['max-calls'] !== undefined) out.maxCalls = intOpt(args, command, 'max-calls', 0, 1);
  if (args.values['max-masters'] !== undefined) out.maxMasters = intOpt(args, command, 'max-masters', 0, 1);
  return out;
}

/** `--jobs N`, `--shard K/N`, `--out DIR`, `--resume`: the options of a seeded mass run (src/cli/parallel/, src/cli/out/). */
export const MASS_OPTION = {
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' },
  out: { type: 'string', short: 'o' },
  resume: { type: 'boolean' },
  chunk: { type: 'string' },
} as const satisfies OptionSpec;

/** `--jobs N` and `--shard K/N` alone: the commands that run over files (validate FILE...). */
export const JOBS_OPTION = { jobs: MASS_OPTION.jobs, shard: MASS_OPTION.shard } as const satisfies OptionSpec;

/** The help lines of JOBS_OPTION, for a command over files. */
export const JOBS_HELP = `-j, --jobs N          check on N threads: this one and N-1 workers
                        (default: the cores available; 1: in this thread);
                        the output is the same bytes for every N
      --shard K/N       check part K (0 to N-1) of N contiguous parts of the
                        files, taken in sorted order: the parts' outputs in order
                        are the output of the whole sorted list`;

/** The help lines of the mass options. */
export const MASS_HELP = `-j, --jobs N          compute on N threads: this one and N-1 workers
                        (default: the cores available; 1: in this thread);
                        the output is the same bytes for every N
      --shard K/N       run part K (0 to N-1) of N contiguous parts of the seeds,
                        e.g. --shard "$JOB_COMPLETION_INDEX/8"; the parts' outputs
                        in order are the whole run's
  -o, --out DIR         write chunk files and DIR/manifest.json instead of stdout
                        (join shards with gramlog merge)
      --resume          with --out: keep DIR's complete chunks, compute the rest
      --chunk N         with --out: seeds per chunk file (default 1000)`;

/** The mass options a command was given; `--jobs` defaults to the available cores. */
export function readMass(args: Parsed, command: string): MassOptions {
  const jobs = intOpt(args, command, 'jobs', defaultJobs(), 1, 1024);
  const shardText = args.values.shard;
  let shard: Shard | undefined;
  if (typeof shardText === 'string') {
    const s = parseShard(shardText);
    if (typeof s === 'string') throw new UsageError(`gramlog ${command}: ${s}`);
    shard = s;
  }
  const out = typeof args.values.out === 'string' ? args.values.out : undefined;
  if (out !== undefined && out.trim() === '') throw new UsageError(`gramlog ${command}: --out takes a folder, not ''`);
  const resume = args.values.resume === true;
  if (resume && out === undefined) throw new UsageError(`gramlog ${command}: --resume finishes an --out DIR run; give --out DIR`);
  if (args.values.chunk !== undefined && out === undefined) throw new UsageError(`gramlog ${command}: --chunk sets the seeds per chunk file of --out DIR; give --out DIR`);
  const chunk = args.values.chunk !== undefined ? intOpt(args, command, 'chunk', 1000, 1, 10_000_000) : undefined;
  return { jobs, ...(shard ? { shard } : {}), ...(out !== undefined ? { out } : {}), resume, ...(chunk !== undefined ? { chunk } : {}) };
}
