/**
 * The `.bp` hooks of the other commands, so each command needs only a few
 * lines: `analyze FILE.bp` (lint), `query FILE.bp` (the library as facts),
 * `generate GRAMMAR --blueprint FILE.bp:NAME` (a master's scalar properties as
 * params) and `check FILE.bp [RULES...] --blueprint NAME`.
 */
import { lintLibrary, masterRuleWarnings, withMasterParams } from '../../generate/blueprints/index.js';
import { loadProgram } from '../../program/load.js';
import type { Program } from '../../program/program.js';
import { throwIfErrors } from '../../errors.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import { readSource } from '../command.js';
import { jsonLine, readEngineOptions } from '../options.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { neverFiringStopsCheck } from '../never-fires.js';
import { shellQuote } from '../../check/replay.js';
import { isBlueprintFile, loadBlueprintFiles, loadMasterRules, masterNamed } from './master.js';

export { isBlueprintFile };

/** `gramlog analyze FILE.bp [--json]`: the lint's findings; exit 1 when any is an error. */
export function analyzeBlueprints(io: Io, sources: Map<string, string>, files: readonly string[], json: boolean): number {
  const library = loadBlueprintFiles(io, sources, files, false);
  const findings = lintLibrary(library);
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (json) {
    io.out(
      jsonLine({
        file: files.join(' '),
        findings: findings.map((f) => ({ check: f.code, severity: f.severity, message: f.message, line: f.span?.line, column: f.span?.column })),
      }),
    );
  } else {
    const counts = { blueprint: 0, mod: 0, factory: 0 };
    for (const d of library.definitions.values()) counts[d.kind]++;
    io.out(`${files.join(' ')}: ${counts.blueprint} blueprint(s), ${counts.mod} mod(s), ${counts.factory} factory(ies), ${library.sets.size} domain set(s)\n`);
    for (const f of findings) io.out(formatDiagnostic(f, f.span ? sources.get(f.span.file) : undefined) + '\n');
    io.out(findings.length === 0 ? 'no findings\n' : `${errors} error(s), ${findings.length - errors} warning(s)\n`);
  }
  return errors > 0 ? EXIT.findings : EXIT.ok;
}

/** Rule files for `query`, with the .bp files among them loaded as one library's facts; undefined when there is no .bp file. */
export function loadQueryProgram(io: Io, sources: Map<string, string>, paths: readonly string[]): Program | undefined {
  const bp = paths.filter(isBlueprintFile);
  if (bp.length === 0) return undefined;
  const library = loadBlueprintFiles(io, sources, bp, false);
  const program = loadProgram([
    { file: `${bp.join(' ')} (as facts)`, text: library.factsText },
    ...paths.filter((p) => !isBlueprintFile(p)).map((file) => ({ file, text: readSource(io, sources, file) })),
  ]);
  for (const d of program.diagnostics) {
    if (d.severity === 'warning') io.err(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n');
  }
  throwIfErrors(program.diagnostics);
  return program;
}

/** `--blueprint FILE.bp:NAME` of generate: a function giving, for a seed, the program with the master's scalar properties as params. */
export function blueprintParams(io: Io, sources: Map<string, string>, spec: string): (program: Program, seed: number | string) => Program {
  const colon = spec.lastIndexOf(':');
  if (colon <= 0 || colon === spec.length - 1) throw new UsageError(`gramlog generate: --blueprint takes FILE.bp:NAME, not '${spec}'`);
  const file = spec.slice(0, colon);
  const name = spec.slice(colon + 1);
  const library = loadBlueprintFiles(io, sources, [file]);
  return (program, seed) => withMasterParams(program, masterNamed(library, name, seed, 'generate'), `--blueprint ${spec}`);
}

/** `gramlog check FILE.bp [RULES...] --blueprint NAME`: search seeds for a master that violates the rules. */
export async function checkBlueprints(args: Parsed, io: Io, sources: Map<string, string>): Promise<number> {
  const name = stringOpt(args, 'blueprint');
  const files = args.positionals;
  if (name === undefined) throw new UsageError('gramlog check: a .bp file needs --blueprint NAME (the blueprint or {factory} to master)');
  const bp = files.filter(isBlueprintFile);
  if (bp.length === 0) throw new UsageError('gramlog check: --blueprint NAME needs a blueprint file (.bp)');
  if (stringOpt(args, 'param') !== undefined || (Array.isArray(args.values['param']) && args.values['param'].length > 0)) {
    throw new UsageError('gramlog check: --param does not apply to blueprints (a master has no params)');
  }
  const runs = intOpt(args, 'check', 'runs', 100, 1, 1_000_000);
  const seed = intOpt(args, 'check', 'seed', 0, -0x80000000, 0x7fffffff);
  const path = stringOpt(args, 'path');
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) throw new UsageError(`gramlog check: --path takes fast-check's path, e.g. 3:0:1, not '${path}'`);
  const library = loadBlueprintFiles(io, sources, bp);
  const rules = loadMasterRules(io, sources, library, files.filter((f) => !isBlueprintFile(f)), readEngineOptions(args, 'check'));
  const key = library.definitions.has(name) || !library.definitions.has(`{${name}}`) ? name : `{${name}}`;
  masterNamed(library, name, 0, 'check'); // an unknown NAME is a usage error before the search
  if (neverFiringStopsCheck(io, sources, files.join(' '), masterRuleWarnings(rules))) return EXIT.findings;
  const { checkBlueprint } = await import('../../generate/blueprints/check.js');
  if (!rules.hasViolations && !boolOpt(args, 'json')) {
    io.err(`${bp.join(', ')}: note: no (violation ...) rules given: only mastering errors can fail a run\n`);
  }
  const r = checkBlueprint(library, key, rules, { runs, seed, ...(path !== undefined ? { path } : {}) });
  if (path !== undefined && r.runs === 0) {
    throw new UsageError(
      `gramlog check: --path ${path} replays no run of ${files.join(' ')} --blueprint ${name} with --seed ${seed} --runs ${runs}: give a path that check printed for these files, with the same --seed and --runs`,
    );
  }
  const cx = r.counterexample;
  const replay = cx ? ['gramlog', 'master', ...files, name, '--seed', String(cx.seed)].map(shellQuote).join(' ') : undefined;
  if (boolOpt(args, 'json')) {
    io.out(
      JSON.stringify(
        {
          ok: r.ok,
          runs: r.runs,
          ...(cx ? { counterexample: { seed: cx.seed }, violations: cx.error ? [`(violation ${cx.error.code} ${JSON.stringify(cx.error.message)})`] : cx.violations, replay } : {}),
        },
        null,
        2,
      ) + '\n',
    );
  } else if (!cx) {
    io.out(`gramlog check: ${files.join(' ')} ${name}: ok, ${r.runs} runs held (fast-check seed ${r.fcSeed})\n`);
  } else {
    const lines = [
      `gramlog check: ${files.join(' ')} ${name}: counterexample after ${r.runs} run${r.runs === 1 ? '' : 's'}, shrunk ${r.shrinks} time${r.shrinks === 1 ? '' : 's'} (fast-check seed ${r.fcSeed})`,
      `failed: ${cx.properties.join(', ')}`,
    ];
    if (cx.error) lines.push(`mastering failed: error[${cx.error.code}]: ${cx.error.message}`);
    lines.push(`counterexample: seed ${cx.seed}`);
    if (!cx.error) {
      lines.push(`violations (${cx.violations.length}):`);
      for (const v of cx.violations) lines.push(`  ${v}`);
    }
    lines.push('replay:', `  ${replay ?? ''}`);
    lines.push(`fast-check path ${r.path ?? ''} (rerun just this case: ${['gramlog', 'check', ...files, '--blueprint', name, '--runs', String(runs), '--seed', String(r.fcSeed), '--path', r.path ?? ''].map(shellQuote).join(' ')})`);
    io.out(lines.join('\n') + '\n');
  }
  return r.ok ? EXIT.ok : EXIT.findings;
}
