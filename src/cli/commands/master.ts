/**
 * `gramlog master FILE... NAME`: master a blueprint (or a {factory}) of the
 * .bp files with a seed, or `--count N` seeds; print it as an indented listing
 * or JSON (JSON Lines with --count). Rule files among FILE... (any file not
 * ending in .bp) hold `violation` rules over the master's facts: the facts a
 * master derives are printed after it, and master exits 1.
 *
 * The library is loaded by the blueprint style's compile (Style.compile,
 * src/generate/blueprints/style.ts), as generate and check load it.
 */
import { massSummary } from '../mass-summary.js';
import { formatMasterText, master, masterJson, masterViolations, parseBlueprints, type Library, type Master } from '../../generate/blueprints/index.js';
import { blueprintsStyle, entryKey, type BlueprintGrammar, type MasterArtifact } from '../../generate/blueprints/style.js';
import { Satisfier } from '../../generate/satisfy/satisfy.js';
import { annotate } from '../../generate/satisfy/annotate.js';
import { readSatisfy, SATISFY_HELP, SATISFY_OPTION } from '../satisfy-options.js';
import { appendViolations, NO_VIOLATIONS } from '../../generate/violations.js';
import type { StyleSource } from '../../generate/style.js';
import { readStyleSources, reportCompile } from '../style-files.js';
import { GramlogError } from '../../errors.js';
import { boolOpt, intOpt } from '../args.js';
import { readSource, type Command } from '../command.js';
import { filesOf } from '../diagnostics.js';
import { EXIT, sourceName, UsageError, type Io } from '../io.js';
import { runSeeds } from '../parallel/run-seeds.js';
import type { SeedOutcome, Tally } from '../parallel/types.js';
import { FORMAT_INFO } from '../../generate/formats.js';
import { MASS_HELP, MASS_OPTION, readMass } from '../options.js';
import { BLUEPRINT_BUDGET_HELP, BLUEPRINT_BUDGET_OPTION, JSON_OPTION, MAX_FACTS_OPTION, readBlueprintBudget, readEngineOptions, readSeed, checkSeedRange, SEED_OPTION } from '../options.js';

export function isBlueprintFile(path: string): boolean {
  return path.endsWith('.bp');
}

/**
 * The master of `name`, with `{NAME}` also accepted as NAME's factory when
 * there is no blueprint NAME. An unknown NAME is a usage error naming the files.
 */
export function masterNamed(library: Library, name: string, seed: number | string, command = 'master', budget: { maxCalls?: number; maxMasters?: number } = {}): Master {
  const key = entryKey(library, name);
  try {
    return master(library, key, { seed, ...budget });
  } catch (e) {
    // a NAME the library lacks is a bad argument (exit 2), like an unknown --param
    if (e instanceof GramlogError && !e.span) throw new UsageError(`gramlog ${command}: ${library.files.map((f) => f.file).join(' ')}: ${e.message}`);
    throw e;
  }
}

export const masterCommand: Command = {
  name: 'master',
  summary: 'master a blueprint (or a {factory}) of .bp files with a seed: a fixed object',
  options: {
    ...SEED_OPTION,
    count: { type: 'string', short: 'n' },
    ...JSON_OPTION,
    ...MAX_FACTS_OPTION,
    ...BLUEPRINT_BUDGET_OPTION,
    ...SATISFY_OPTION,
    ...MASS_OPTION,
  },
  help: `usage: gramlog master FILE... NAME [--seed S] [--count N] [--json] [--max-facts N]
                     [--satisfy [--draws N] [--search N]]

Loads the blueprint files (.bp; - reads one from stdin) as one library and
masters NAME: every property is evaluated once, from a stream derived from the
seed and the property's path, so the same files and seed always give the same
object, and editing one property leaves the other properties' draws unchanged.
A property whose value is a blueprint (or a list of them) is mastered too.
NAME is a blueprint (Spear) or a factory ({MagicalWeapon}; the braces may be
left out when no blueprint has that name). The library is linted first: its
errors (unknown names, empty sets where one element is needed, ...) stop
mastering, its warnings are printed on stderr (see gramlog analyze FILE.bp).

Rule files among FILE... (not ending in .bp) may define (violation NAME ...)
over the master's facts: (master ID B), (isa ID B), (prop ID KEY VALUE),
(elem ID KEY I VALUE), (madeby ID F), (modded ID I M), and the library's
(keyword B DOMAIN KW), (ancestor B A), ... The violations a master derives are
printed after it, and master exits 1.

options:
  -s, --seed N      a whole number from -2147483648 to 2147483647 (default 0),
                    printed with every master
  -n, --count N     master N times, seeds S..S+N-1 (JSON Lines with --json)
      --json        one JSON line per master: {"format", "seed", "blueprint", "factory"?,
                    "mods"?, "properties": {KEY: VALUE}, "violations"?,
                    "violationRules"?}; a VALUE is a number, a string, an array,
                    or a nested master (no "seed"); "violationRules" says where
                    the rule that derived each violation is written ({"file","line","col"})
      --max-facts N stop with error[engine/limit] when one evaluation of the
                    rule files derives more than N facts (default 5,000,000)
      --max-work N  stop with error[engine/budget] when one evaluation of the rule
                    files visits more than N tuples (default 1,000,000,000)
      --timeout SECONDS stop with error[engine/budget] when evaluating the rule
                    files goes on past SECONDS of wall-clock time
${BLUEPRINT_BUDGET_HELP}
  ${SATISFY_HELP}
  ${MASS_HELP}
  -h, --help        this text

exit codes: 0 ok, 1 an invalid library (printed as file:line:col: error[code]: ...),
            a mastering error (an empty set, a reference cycle, ... with the seed and
            the property path) or violation facts derived, 2 usage error (e.g. a NAME
            the library lacks) or unreadable file

examples:
  gramlog master rules/items.bp Spear --seed 4
  gramlog master rules/items.bp MagicalWeapon --seed 1 --count 3 --json
  gramlog master rules/items.bp rules/items-rules.kif MagicalWeapon --count 100 --satisfy
`,
  run(args, io, sources) {
    const positionals = args.positionals;
    if (positionals.length < 2) throw new UsageError('gramlog master: give the blueprint FILE(s) and the NAME to master');
    const name = positionals[positionals.length - 1] as string;
    const files = positionals.slice(0, -1);
    const isLibrary = (f: string) => isBlueprintFile(f) || f === '-'; // '-': the library on stdin
    const bp = files.filter(isLibrary);
    if (bp.length === 0) throw new UsageError(`gramlog master: give at least one blueprint file (.bp) before NAME '${name}'`);
    if (isBlueprintFile(name)) throw new UsageError(`gramlog master: the last argument is the NAME to master, not a file ('${name}')`);
    const count = intOpt(args, 'master', 'count', 1, 1);
    const seed = readSeed(args, 'master');
    checkSeedRange('master', seed, count);
    const json = boolOpt(args, 'json');
    const budget = readBlueprintBudget(args, 'master');
    // the style's own compile (as generate and check load a library): the library, its lint, the rule files;
    // the library's files are read first, so an unreadable one is reported before any rule file
    const read = readStyleSources(io, sources, [...bp, ...files.filter((f) => !isLibrary(f))]);
    const compiled = blueprintsStyle.compile(read, readEngineOptions(args, 'master'));
    reportCompile(io, sources, compiled.diagnostics);
    const grammar = compiled.grammar as BlueprintGrammar;
    const { library, rules } = grammar;
    const satisfy = readSatisfy(args, 'master');
    let satisfier: Satisfier | undefined;
    if (satisfy) {
      const problem = blueprintsStyle.entryProblem?.(grammar, name);
      if (problem !== undefined) throw new UsageError(`gramlog master: ${problem}`);
      satisfier = new Satisfier(blueprintsStyle, grammar, { entry: name }, satisfy, { sources: files.map((file) => read.find((r) => r.file === sourceName(file)) as StyleSource) });
    }
    // each seed in seed order, on --jobs worker threads, to stdout or --out DIR (src/cli/parallel/run-seeds.ts)
    const tally = runSeeds({
      command: 'master',
      io,
      sources,
      args,
      mass: readMass(args, 'master'),
      first: seed,
      count,
      separator: json ? '' : '\n',
      format: FORMAT_INFO[json ? 'json' : 'text'],
      verb: 'mastered',
      compute: (s): SeedOutcome => {
        const got = satisfier?.one(s);
        const m = got ? (got.artifact as MasterArtifact).master : masterNamed(library, name, s, 'master', budget);
        // a satisfying master derives none: the satisfier evaluated them
        const found = got ? NO_VIOLATIONS : masterViolations(rules, m);
        const violations = found.facts;
        const plain = json ? masterJson(m, found) + '\n' : appendViolations(formatMasterText(m), found);
        const doc = got ? annotate(plain, json ? 'json' : 'text', s, got.how) : plain;
        if (violations.length === 0) return { doc };
        return { doc, violating: true, violationFacts: violations.length, err: `${filesOf(sources)}: seed ${s} derives ${violations.length} violation fact(s)\n` };
      },
    });
    const exit = (t: Tally) => {
      massSummary(io, filesOf(sources), t);
      return t.violating > 0 ? EXIT.findings : EXIT.ok;
    };
    return tally instanceof Promise ? tally.then(exit) : exit(tally);
  },
};
