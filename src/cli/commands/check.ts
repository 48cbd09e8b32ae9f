/**
 * `gramlog check FILE`: search seeds and params for a generated artifact that
 * derives a `(violation NAME ...)` fact (or fails to generate), with
 * fast-check's runner and shrinking; print the smallest counterexample and the
 * `gramlog generate` command that reproduces it.
 */
import type { CheckProgress, CheckResult, Counterexample, ParamRange } from '../../check/index.js';
import { artifactText } from '../../check/artifact.js';
import { replayArgs, shellQuote } from '../../check/replay.js';
import { paramText, paramValue } from '../../generate/params.js';
import type { AnyStyle, StyleSource } from '../../generate/style.js';
import { recogniseStyle } from '../../generate/styles.js';
import { ruleLocations, violationLine, violationList, type RuleAt } from '../../generate/violations.js';
import { throwIfErrors } from '../../errors.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import type { Command } from '../command.js';
import { neverFiringStopsCheck } from '../never-fires.js';
import { EXIT, sourceName, UsageError, type Io } from '../io.js';
import { statusLine } from '../progress.js';
import { jsonLine, JSON_OPTION, MAX_FACTS_HELP, MAX_FACTS_OPTION, printWarnings, readEngineOptions, PARAM_OPTION, readParams, readSeed, SEED_OPTION, seedHelp, withParams } from '../options.js';
import { readStyleSources } from '../style-files.js';
import { formatTag } from '../../json/formats.js';
import { runItems } from '../parallel/run-items.js';

/** Violation facts printed in text output before "... and N more" (JSON has them all). */
const MAX_SHOWN = 20;
/** Forced choices the counterexample line names one by one (more are only counted there). */
const MAX_CHOSEN_SHOWN = 8;

export const checkCommand: Command = {
  name: 'check',
  summary: 'property-based checks of generator invariants: search seeds and params for a violation, shrink it',
  options: {
    runs: { type: 'string', short: 'n' },
    ...SEED_OPTION,
    ...JSON_OPTION,
    ...PARAM_OPTION,
    path: { type: 'string' },
    ...MAX_FACTS_OPTION,
    blueprint: { type: 'string' },
    jobs: { type: 'string', short: 'j' },
  },
  help: `usage: gramlog check FILE [RULES...] [--runs N] [--seed S] [--json] [--param KEY=VALUE]...
       gramlog check FILE.bp... [RULES...] --blueprint NAME [--runs N] [--seed S] [--json]

Generates the file (a tree grammar, a layer file or a graph grammar; the
RULES files after it are loaded with it, e.g. its violation rules) again and again with
fast-check, each run from a drawn seed and, for every (paramrange KEY LO HI)
fact, a drawn value of (param KEY ...) in LO..HI. A run fails when the artifact
derives a (violation NAME ARGS...) fact: property NAME does not hold. A run
whose generation fails with an error (all-zero weights, a runaway program, a
layer no draw satisfies...) is a counterexample too, of the property named
after the error code. The first failure is shrunk by fast-check (params towards
their smallest values, then the seed towards 0), then the artifact itself, one
forced choice at a time: a node's rule replaced by one of its nonterminal's
rules with fewer children (or a leaf rule), a layer's placed site cleared,
each kept while a violation still holds, to a fixed point. It is printed with
its size before and after, its violation facts, the artifact, and the gramlog
generate command (--seed, --param, one --choices list) that reproduces it. The
same file, --runs and --seed always give the same output.

With --blueprint NAME, the runs master NAME of the .bp files instead, each
from a drawn seed, and a run fails when the master derives a (violation ...)
fact of the RULES files (over the facts gramlog master --help lists) or fails
to master; the replay command is gramlog master.

A graph grammar (FILE.json, or a .gdl declaring (graphrule ...)) is checked
over its seeds; the (violation ...) rules are the .gdl's own or those of the
RULES files given after a JSON grammar.

options:
  -n, --runs N          how many runs (default 100)
  ${seedHelp(0)}
                        (fast-check's seed)
      --json            print {"format","ok","runs","counterexample"?:{"seed","params","choose"?},
                        "violations"?:[...],"violationRules"?:[{"file","line","col"}|null],
                        "sizes"?:{"before","after","unit"},
                        "replay"?:"gramlog generate ..."}; the counterexample
                        object is a replay file for gramlog generate --replay
  -p, --param KEY=VALUE fix (param KEY ...) to VALUE in every run (a ranged KEY
                        is then not varied); repeatable
      --blueprint NAME  check masters of NAME (a blueprint or {factory}) of the .bp files
  -j, --jobs N          run on N threads: this one and N-1 workers (default 1:
                        workers pay only on checks of many seconds, e.g.
                        50,000 dungeon runs); the first failing run in run
                        order is shrunk in this thread, so the output is the
                        same for every N (--blueprint and --path run in this thread)
      --path P          replay only the counterexample at fast-check path P (printed
                        with a failure; use it with the same --seed and --runs)
  ${MAX_FACTS_HELP}
  -h, --help            this text

Progress is shown on stderr when it is a terminal.

exit codes: 0 every run held, 1 a counterexample (or an invalid file, printed as
            file:line:col: error[code]: ...), 2 usage error or unreadable file

examples:
  gramlog check rules/building.gdl --runs 1000 --seed 3
  gramlog check rules/check-broken.gdl --json
  gramlog check rules/check-broken.gdl --param houses=6
  gramlog check rules/flowers.gdl          # a plant shrunk to 5 nodes, replayed with --choices
  gramlog check rules/mission.json rules/mission-checks.gdl --runs 200
`,
  async run(args, io, sources) {
    const [filePath, ...more] = args.positionals;
    if (filePath === undefined) {
      if (stringOpt(args, 'blueprint') !== undefined) throw new UsageError('gramlog check: --blueprint NAME needs a blueprint file (.bp)');
      throw new UsageError('gramlog check: give a rule FILE');
    }
    const engine = readEngineOptions(args, 'check');
    const files = readStyleSources(io, sources, args.positionals);
    const { style, loaded } = recogniseStyle(files, engine);
    if (style.accepts.entry) return checkEntry(args, io, sources, style, files);
    if (stringOpt(args, 'blueprint') !== undefined) throw new UsageError('gramlog check: --blueprint NAME needs a blueprint file (.bp)');
    const runs = intOpt(args, 'check', 'runs', 100, 1, 1_000_000);
    const seed = readSeed(args, 'check');
    const params = Object.fromEntries(Object.entries(readParams(args, 'check')).map(([k, v]) => [k, paramValue(v)]));
    const path = readPath(args);
    const json = boolOpt(args, 'json');
    const file = sourceName(filePath);

    // what generate would say at load: errors (a start symbol without rules ...) stop here, warnings are printed,
    // except that a violation rule that can never fire is an error here: every run would hold, proving nothing
    const compiled = withParams('check', () =>
      style.compile(files, { params: paramText(params), ...engine, ...(loaded ? { loaded } : {}) }),
    );
    const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      printWarnings(io, sources, compiled.diagnostics);
      throwIfErrors(errors);
    }
    if (neverFiringStopsCheck(io, sources, file, compiled.diagnostics)) return EXIT.findings;
    const source = style.checkSource?.(compiled);
    if (source === undefined) throw new UsageError(`gramlog check: a ${style.title} cannot be checked`);

    // fast-check is loaded only by this command: the other commands run without it
    const { checkProperties, firstFailureIn, heldResult } = await loadCheck();
    const line = statusLine(io);
    const progress = line && {
      show: (p: CheckProgress) =>
        line.show(p.phase === 'run' ? `gramlog check: run ${p.runs}/${p.total}` : `gramlog check: failed at run ${p.runs}, shrinking (candidate ${p.shrinkSteps})`),
      clear: () => line.clear(),
    };
    // One thread unless asked: a worker loads gramlog and fast-check and compiles the files before its first
    // run, which a check of a second or two does not win back (docs/guides/mass-generation.md#check---jobs-n).
    const jobs = intOpt(args, 'check', 'jobs', 1, 1, 1024);
    let result: CheckResult;
    try {
      // --jobs N: blocks of runs on worker threads, the first failing run in run order, shrunk here as one thread would
      const start = jobs > 1 && path === undefined ? await firstFailingRun(args, sources, jobs, runs, (from, count) => firstFailureIn(source, { runs, seed, params }, from, count)) : undefined;
      result = withParams('check', () =>
        start === -1
          ? heldResult(source, { runs, seed, params })
          : checkProperties(source, {
              runs,
              seed,
              params,
              ...(path !== undefined ? { path } : {}),
              ...(start !== undefined ? { startRun: start } : {}),
              ...(progress ? { onProgress: progress.show } : {}),
            }),
      );
    } finally {
      progress?.clear();
    }

    if (path !== undefined) refuseReplay(path, result, { what: file, these: 'this file', seed, runs });
    if (result.properties.length === 0 && !json) {
      io.err(`${file}: note: no (violation ...) rules: only generation errors can fail a run\n`);
    }
    // the replay names every file, as generate takes them
    const replay = (cx: Counterexample) => ['gramlog', 'generate', filePath, ...more, ...replayArgs(cx)].map(shellQuote).join(' ');
    io.out(json ? jsonLine(jsonReport(result, replay)) : textReport(file, result, runs, path, replay, shellQuote, more));
    return result.ok ? EXIT.ok : EXIT.findings;
  },
};

/** `--path P`, checked for the form of fast-check's path. */
function readPath(args: Parsed): string | undefined {
  const path = stringOpt(args, 'path');
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) throw new UsageError(`gramlog check: --path takes fast-check's path, e.g. 3:0:1, not '${path}'`);
  return path;
}

/** A `--path` that replayed no run, or a run that holds, is a usage error naming what was checked (`what`). */
function refuseReplay(path: string, result: { runs: number; ok: boolean }, c: { what: string; these: string; seed: number; runs: number }): void {
  if (result.runs === 0) {
    throw new UsageError(
      `gramlog check: --path ${path} replays no run of ${c.what} with --seed ${c.seed} --runs ${c.runs}: give a path that check printed for ${c.these}, with the same --seed and --runs`,
    );
  }
  if (result.ok) {
    throw new UsageError(
      `gramlog check: --path ${path} replays a run of ${c.what} that holds (no counterexample there) with --seed ${c.seed} --runs ${c.runs}: give the path check printed with a failure, with the same --seed and --runs`,
    );
  }
}

/**
 * `gramlog check FILE.bp [RULES...] --blueprint NAME`, for a style that generates from an entry of a library
 * (`accepts.entry`): the one check path over the style's source for NAME (Style.entrySource), printed with the
 * verb that replays an artifact of NAME (`gramlog master`).
 */
async function checkEntry(args: Parsed, io: Io, sources: Map<string, string>, style: AnyStyle, files: readonly StyleSource[]): Promise<number> {
  const name = stringOpt(args, 'blueprint');
  const names = args.positionals;
  if (name === undefined) throw new UsageError(`gramlog check: a ${style.title} needs --blueprint NAME (the blueprint or {factory} to master)`);
  if (stringOpt(args, 'param') !== undefined || (Array.isArray(args.values['param']) && args.values['param'].length > 0)) {
    throw new UsageError(`gramlog check: --param does not apply to a ${style.title} (a master has no params)`);
  }
  const runs = intOpt(args, 'check', 'runs', 100, 1, 1_000_000);
  const seed = readSeed(args, 'check');
  const path = readPath(args);
  const engine = readEngineOptions(args, 'check');
  const compiled = style.compile(files, engine);
  const errors = compiled.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    printWarnings(io, sources, compiled.diagnostics);
    throwIfErrors(errors);
  }
  if (!style.entrySource || !style.entryProblem) throw new UsageError(`gramlog check: a ${style.title} cannot be checked`);
  // an unknown NAME is a usage error before the search
  const problem = style.entryProblem(compiled.grammar, name);
  if (problem !== undefined) throw new UsageError(`gramlog check: ${problem}`);
  if (neverFiringStopsCheck(io, sources, names.join(' '), compiled.diagnostics)) return EXIT.findings;
  // the one check path (src/check): fast-check over seeds, the entry's masters as the style's check part makes them
  const { checkProperties } = await loadCheck();
  const r = checkProperties(style.entrySource(compiled.grammar, name), { runs, seed, ...(path !== undefined ? { path } : {}) });
  if (r.properties.length === 0 && !boolOpt(args, 'json')) {
    const libraries = names.filter((f) => f.endsWith('.bp') || f === '-');
    io.err(`${libraries.join(', ')}: note: no (violation ...) rules given: only mastering errors can fail a run\n`);
  }
  if (path !== undefined) refuseReplay(path, r, { what: `${names.join(' ')} --blueprint ${name}`, these: 'these files', seed, runs });
  const cx = r.counterexample;
  const error = r.error;
  const violations = r.violations ?? [];
  const replay = cx ? ['gramlog', 'master', ...names, name, '--seed', String(cx.seed)].map(shellQuote).join(' ') : undefined;
  if (boolOpt(args, 'json')) {
    io.out(
      jsonLine({
        format: formatTag('check'),
        ok: r.ok,
        runs: r.runs,
        ...(cx
          ? {
              counterexample: { seed: cx.seed },
              ...(error
                ? { violations: [`(violation ${error.code} ${JSON.stringify(error.message)})`], violationRules: [null] }
                : { violations, violationRules: ruleLocations(violations, r.violationRules) }),
              replay,
            }
          : {}),
      }),
    );
  } else if (!cx) {
    io.out(`gramlog check: ${names.join(' ')} ${name}: ok, ${r.runs} runs held (fast-check seed ${r.fcSeed})\n`);
  } else {
    const lines = [
      `gramlog check: ${names.join(' ')} ${name}: counterexample after ${r.runs} run${r.runs === 1 ? '' : 's'}, ${shrinkText(r)} (fast-check seed ${r.fcSeed})`,
      `failed: ${(r.failed ?? []).join(', ')}`,
    ];
    if (error) lines.push(`mastering failed: error[${error.code}]: ${error.message}`);
    lines.push(`counterexample: seed ${cx.seed}`);
    if (!error) {
      lines.push(`violations (${violations.length}):`);
      const listing = violationList(violations, r.violationRules);
      violations.forEach((_, i) => lines.push(violationLine(listing, i)));
    }
    lines.push('replay:', `  ${replay ?? ''}`);
    lines.push(`fast-check path ${r.path ?? ''} (rerun just this case: ${['gramlog', 'check', ...names, '--blueprint', name, '--runs', String(runs), '--seed', String(r.fcSeed), '--path', r.path ?? ''].map(shellQuote).join(' ')})`);
    io.out(lines.join('\n') + '\n');
  }
  return r.ok ? EXIT.ok : EXIT.findings;
}

/**
 * Runs per item of check --jobs: a thread evaluates a block of consecutive
 * runs with one fast-check call, started at the block's first run (its
 * generator moved forward from the thread's previous block: firstFailureIn);
 * blocks of about runs/64 (8 to 256) keep the calls' set-up and the messages
 * few. (The output does not depend on it.)
 */
function runBlock(runs: number): number {
  return Math.max(8, Math.min(256, Math.ceil(runs / 64)));
}

/** Thrown by the ordered consumer to stop the workers at the first failing block. */
class Found extends Error {
  constructor(readonly run: number) {
    super('found');
  }
}

/** The first failing run of RUNS, in run order (-1: none), its blocks evaluated on JOBS worker threads. */
async function firstFailingRun(args: Parsed, sources: Map<string, string>, jobs: number, runs: number, firstIn: (from: number, count: number) => number): Promise<number> {
  const block = runBlock(runs);
  try {
    await runItems<number>({
      command: 'check',
      args,
      sources,
      jobs,
      count: Math.ceil(runs / block),
      compute: (b) => withParams('check', () => firstIn(b * block, Math.min(block, runs - b * block))),
      consume(_b, k) {
        if (k >= 0) throw new Found(k);
      },
    });
  } catch (e) {
    if (e instanceof Found) return e.run;
    throw e;
  }
  return -1;
}

async function loadCheck(): Promise<typeof import('../../check/index.js')> {
  try {
    return await import('../../check/index.js');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes('fast-check')) {
      throw new UsageError('gramlog check needs the fast-check package: npm install fast-check');
    }
    throw e;
  }
}

export interface CheckJson {
  format: string;
  ok: boolean;
  runs: number;
  counterexample?: { seed: number; params: Record<string, number | string>; choose?: Record<string, string> };
  violations?: readonly string[];
  /** Where the rule that derived each violation is written (null for a generation error's fact). */
  violationRules?: Array<RuleAt | null>;
  /** Size of the first failing artifact and of the shrunk counterexample. */
  sizes?: { before: number; after: number; unit: string };
  replay?: string;
}

export function jsonReport(r: CheckResult, replay: (cx: Counterexample) => string): CheckJson {
  const out: CheckJson = { format: formatTag('check'), ok: r.ok, runs: r.runs };
  if (r.counterexample) {
    const cx = r.counterexample;
    out.counterexample = { seed: cx.seed, params: { ...cx.params }, ...(cx.choose ? { choose: { ...cx.choose } } : {}) };
    out.violations = r.violations ?? [];
    out.violationRules = ruleLocations(out.violations, r.violationRules);
    if (r.sizes) out.sizes = { ...r.sizes };
    out.replay = replay(r.counterexample);
  }
  return out;
}

/**
 * What shrinking did, honestly: fast-check counts the steps it took (a smaller
 * seed or param counts), not whether the counterexample got any smaller; with
 * the sizes known, say from what to what, or that nothing smaller was found.
 */
function shrinkText(r: { shrinks: number; sizes?: { before: number; after: number; unit: string } }): string {
  const steps = `${r.shrinks} shrink step${r.shrinks === 1 ? '' : 's'}`;
  if (!r.sizes) return r.shrinks === 0 ? 'not shrunk' : `its seed and params shrunk in ${steps}`;
  const { before, after, unit } = r.sizes;
  if (after < before) return `shrunk from ${before} to ${after} ${unit} in ${steps}`;
  // an artifact's own shrink steps are strictly smaller (shrink-arbitrary.ts): these made only the seed or params smaller
  return r.shrinks === 0 ? `not shrunk (still ${after} ${unit})` : `no smaller one found (still ${after} ${unit}; ${steps} made the seed or params smaller)`;
}

function rangesText(ranges: readonly ParamRange[]): string {
  return ranges.length === 0 ? 'none (seed only)' : ranges.map((r) => `${r.key} ${r.lo}..${r.hi}`).join(', ');
}

export function textReport(
  file: string,
  r: CheckResult,
  runs: number,
  path: string | undefined,
  replay: (cx: Counterexample) => string,
  quote: (word: string) => string,
  /** The rule files after FILE (repeated in the rerun command). */
  more: readonly string[] = [],
): string {
  const lines: string[] = [];
  const properties = r.properties.length > 0 ? r.properties.join(', ') : 'none declared';
  if (r.ok || !r.counterexample) {
    lines.push(`gramlog check: ${file}: ok, ${r.runs} runs held (fast-check seed ${r.fcSeed})`);
    lines.push(`properties: ${properties}`);
    lines.push(`params varied: ${rangesText(r.ranges)}`);
    return lines.join('\n') + '\n';
  }
  const cx = r.counterexample;
  const params = Object.entries(cx.params).map(([k, v]) => `${k}=${v}`);
  lines.push(`gramlog check: ${file}: counterexample after ${r.runs} run${r.runs === 1 ? '' : 's'}, ${shrinkText(r)} (fast-check seed ${r.fcSeed})`);
  lines.push(`properties: ${properties}`);
  lines.push(`params varied: ${rangesText(r.ranges)}`);
  lines.push(`failed: ${(r.failed ?? []).join(', ')}`);
  if (r.error) {
    lines.push(`generation failed: error[${r.error.code}]: ${r.error.message}`);
    lines.push(`(a generation error counts as a counterexample of the property named after its code, ${r.error.code})`);
  }
  const choose = Object.entries(cx.choose ?? {}).map(([k, v]) => `${k}=${v}`);
  // dozens of forced choices are the replay's business (its --choices list), not this line's
  const chosen = choose.length > MAX_CHOSEN_SHOWN ? `${choose.length} forced choices (the replay lists them)` : choose.join(' ');
  lines.push(`counterexample: seed ${cx.seed}${params.length > 0 ? `, params ${params.join(' ')}` : ''}${choose.length > 0 ? `, choose ${chosen}` : ''}`);
  if (r.sizes) {
    const { before, after, unit } = r.sizes;
    lines.push(
      after < before
        ? `shrunk: ${after} ${unit} (the first failing run had ${before}), by forcing ${choose.length} choice(s)`
        : `not shrunk: ${after} ${unit}, the size of the first failing run`,
    );
  }
  const violations = r.violations ?? [];
  const listing = violationList(violations, r.violationRules);
  lines.push(`violations (${violations.length}):`);
  for (let i = 0; i < Math.min(violations.length, MAX_SHOWN); i++) lines.push(violationLine(listing, i));
  if (violations.length > MAX_SHOWN) lines.push(`  ... and ${violations.length - MAX_SHOWN} more (--json lists them all)`);
  const shown = r.artifact ? artifactText(r.artifact) : undefined;
  if (shown !== undefined) {
    lines.push('artifact:');
    for (const l of shown.replace(/\n$/, '').split('\n')) lines.push(l === '' ? '' : `  ${l}`);
  }
  lines.push('replay:');
  lines.push(`  ${replay(cx)}`);
  const varied = new Set(r.ranges.map((x) => x.key));
  const rerun = ['gramlog', 'check', file, ...more, '--runs', String(runs), '--seed', String(r.fcSeed)];
  for (const [k, v] of Object.entries(cx.params)) if (!varied.has(k)) rerun.push('--param', `${k}=${v}`);
  rerun.push('--path', path ?? r.path ?? '');
  lines.push(`fast-check path ${r.path} (rerun just this case: ${rerun.map(quote).join(' ')})`);
  return lines.join('\n') + '\n';
}
