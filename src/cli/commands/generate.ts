/**
 * `gramlog generate FILE...`: generate artifacts from a rule grammar, or from
 * a layer file (generate-layers.ts), for one seed or `--count N` seeds; print
 * them as text, JSON (JSON Lines for several) or DOT, or `--explain` them;
 * print the `(violation ...)` facts each derives and exit 1 when there are any.
 */
import {
  artifactViolations,
  compileGrammar,
  explain,
  formatDot,
  formatJson,
  formatText,
  generateFrom,
  parseChoices,
} from '../../generate/grammar/index.js';
// the layer modules one by one, not the index: it would load the SAT solver (analyze) on every run
import { isLayerProgram } from '../../generate/layers/prepare.js';
import { appendViolations } from '../../generate/violations.js';
import { GramlogError, isGramlogError, type Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { filesOf, formatError } from '../diagnostics.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { statusLine } from '../progress.js';
import { JSON_OPTION, loadRuleFiles, printWarnings, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, PARAM_HELP, PARAM_OPTION, readParams, readSeed, SEED_OPTION, seedHelp, withParams } from '../options.js';
import { CHOOSE_HELP, CHOOSE_OPTIONS, readReplay, withChoices } from '../replay.js';
import { layerRenderer } from './generate-layers.js';
import { blueprintParams } from './blueprints.js';
import { graphRenderer, isGraphGrammarFile } from './generate-graph.js';
import { readSource } from '../command.js';

const FORMATS = ['text', 'json', 'dot'] as const;
export type Format = (typeof FORMATS)[number];

/** What the generate command asks of a generation style. */
export interface GenerateRequest {
  params: Record<string, string>;
  format: Format;
  explain: boolean;
  /** Print the warnings found when the file was read as a grammar or layers. */
  warn(diagnostics: readonly Diagnostic[]): void;
  /** Forced choices as --choose takes them (../replay.ts). */
  choose: string[];
}

/** One generated artifact as printed, with its violation facts. */
export interface Rendered {
  text: string;
  violations: readonly string[];
}

/** Generate and render the artifact of one seed. */
export type Renderer = (seed: number | string) => Rendered;

/** Show progress on a terminal at most this often (milliseconds). */
const PROGRESS_EVERY_MS = 250;

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate content from a tree grammar with pre-selectors, a layer file or a graph grammar',
  options: {
    ...SEED_OPTION,
    count: { type: 'string', short: 'n' },
    ...JSON_OPTION,
    format: { type: 'string', short: 'f' },
    explain: { type: 'boolean' },
    ...PARAM_OPTION,
    ...MAX_FACTS_OPTION,
    blueprint: { type: 'string' },
    graph: { type: 'string' },
    ...CHOOSE_OPTIONS,
  },
  help: `usage: gramlog generate FILE... [--seed N] [--count N] [--json | --format FORMAT]
                        [--explain] [--param KEY=VALUE]... [--choose PATH=RULE]...
                        [--replay FILE] [--blueprint FILE.bp:NAME] [--graph FILE]

Loads the rule files as one grammar and expands its start symbol: at every node
the pre-selector relations (setprob, addprob, scaleprob, transfer, forbid,
forbidexcept, force, normalizeto) are evaluated for that node, turned into
probabilities in a fixed order, and one seeded draw picks the rule. The same
files, seed and params always give byte-identical output. Each node draws from
a stream derived from the seed and the node's path (n, n/0, n/0/1, ...), so
editing one rule does not reshuffle unrelated subtrees. A file that declares
(layer NAME ORDER) is generated as layers instead (text or JSON, not DOT).

Graph grammars: a graphgram JSON grammar (FILE.json), or a .gdl file that
declares (graphrule NAME WEIGHT), rewrites a graph (see README "Graph
grammars"); rule files after a JSON grammar add (violation ...) rules over the
final graph's facts (node ID LABEL), (edge SRC DST LABEL), (nodeattr ID KEY VALUE).

Violations: when the file has (violation NAME ARGS...) rules, they are
evaluated over each generated artifact (for a grammar, over its facts: node,
root, symbol, chose, arg, attr, depth, parent, childindex, applied). The facts
they derive are printed after the artifact ("violations (N):", or a
"violations" key in JSON), and generate exits 1.

options:
  ${seedHelp(0)};
                        printed with every artifact
  -n, --count N         generate N artifacts, seeds SEED..SEED+N-1 (JSON Lines with --json)
      --json            one JSON object per artifact; for a grammar
                        {"seed","root":{"symbol","rule"?,"args","attrs","children"},"violations"?},
                        for layers {"seed","layers":[...],"violations"?},
                        for a graph {"seed","nodes":[{"id","label"}],
                        "edges":[{"v","w","label"}],"steps","violations"?}
  -f, --format FORMAT   text (default: an indented tree, the layers, or a
                        graph's nodes with their out-edges), json, or dot
                        (Graphviz; grammars and graphs)
      --explain         a grammar: for each node, the weights after every
                        pipeline step and the pre-selector facts that changed
                        them; layers: every draw of every layer (base, mask,
                        placed) and the groups out of bounds that caused a redraw;
                        a graph: every rewrite (rule, match, nodes and edges
                        removed and added)
  ${PARAM_HELP}
  ${MAX_FACTS_HELP}
${CHOOSE_HELP}
      --blueprint FILE.bp:NAME  master NAME with each seed and give its number
                        and string properties to the grammar as (param KEY VALUE)
                        facts (a --param still wins)
      --graph FILE      graph grammars: start from this graph (graphlib JSON,
                        {"nodes":[{"v","value"}],"edges":[{"v","w","value"}]})
                        instead of one node labelled with the grammar's start
  -h, --help            this text

limits: counts bound what a file asks for: (maxdepth D) default 64, (maxnodes N)
default 100,000 nodes per artifact; a graph grammar stops with graph/step-limit
after 50,000 rewrites. Memory bounds what it gets: a generation whose heap grows
past the memory budget (--max-memory, below; default 70% of Node's heap limit)
stops with error[generate/memory], well before a heap abort.

exit codes: 0 ok, 1 violation facts derived, an invalid file or a failed
            generation (printed as file:line:col: error[code]: ... with the
            seed), 2 usage error or unreadable file

examples:
  gramlog generate rules/dungeon.gdl --seed 42
  gramlog generate rules/dungeon.gdl --seed 1 --count 1000 --json
  gramlog generate rules/tree.gdl --seed 3 --param height=4 --format dot
  gramlog generate rules/dungeon.gdl --seed 42 --explain
  gramlog generate rules/building.gdl --seed 7 --explain
  gramlog generate rules/dungeon.gdl --seed 42 --choose n/0=bossArea
  gramlog generate rules/mission.json --seed 3 --json
  gramlog generate rules/mission.json --seed 3 --format dot | dot -Tsvg > mission.svg
`,
  run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog generate: give a rule FILE');
    const first = args.positionals[0] as string;
    const graphFile = stringOpt(args, 'graph');
    const isGraph = isGraphGrammarFile(first, readSource(io, sources, first));
    if (graphFile !== undefined && !isGraph) throw new UsageError(`gramlog generate: --graph starts a graph grammar, and ${first} is not one`);
    const engine = readEngineOptions(args, 'generate');
    const program = isGraph ? undefined : loadRuleFiles(io, sources, args.positionals, engine);
    const format = readFormat(args);
    const doExplain = boolOpt(args, 'explain');
    if (doExplain && format !== 'text') throw new UsageError('gramlog generate: --explain prints text; leave out --json/--format');
    const count = intOpt(args, 'generate', 'count', 1, 1);
    const replay = readReplay(args, io);
    if (replay.seed !== undefined && stringOpt(args, 'seed') !== undefined) {
      throw new UsageError('gramlog generate: --replay gives the seed; leave out --seed');
    }
    if (typeof replay.seed === 'string' && !/^-?\d{1,10}$/.test(replay.seed.trim())) {
      throw new UsageError(`gramlog generate: the replay file's seed must be a whole number, not '${replay.seed}'`);
    }
    const seed = replay.seed !== undefined ? Number(replay.seed) : readSeed(args, 'generate');
    const request: GenerateRequest = {
      params: { ...replay.params, ...readParams(args, 'generate') },
      format,
      explain: doExplain,
      warn: (ds) => printWarnings(io, sources, ds),
      choose: replay.choose,
    };
    const style = (p: Program) => (isLayerProgram(p) ? layerRenderer(p, request) : grammarRenderer(p, request));
    const spec = stringOpt(args, 'blueprint');
    const rest = args.positionals.slice(1);
    let render: Renderer;
    if (!program) {
      if (spec !== undefined) throw new UsageError('gramlog generate: --blueprint gives params to a rule grammar or a layer file, and ' + first + ' is a graph grammar');
      render = graphRenderer(io, sources, first, rest.length > 0 ? loadRuleFiles(io, sources, rest, engine) : undefined, { ...request, graphFile, engine });
    } else {
      const withMaster = spec === undefined ? undefined : blueprintParams(io, sources, spec);
      render = withMaster ? (s) => style(withMaster(program, s))(s) : style(program);
    }
    return generateEach(io, sources, render, seed, count, format === 'text' ? '\n' : '');
  },
};

/** The grammar style: compile once, then generate and print each seed. */
function grammarRenderer(program: Program, request: GenerateRequest): Renderer {
  const grammar = withParams('generate', () => compileGrammar(program, { params: request.params }));
  request.warn(grammar.warnings);
  const choose = withChoices('generate', () => parseChoices(request.choose));
  return (seed) => {
    const artifact = withChoices('generate', () => generateFrom(grammar, seed, { explain: request.explain, ...(choose.size > 0 ? { choose } : {}) }));
    const violations = artifactViolations(artifact).facts;
    if (request.explain) return { text: appendViolations(explain(artifact), violations), violations };
    switch (request.format) {
      case 'json':
        return { text: formatJson(artifact, violations) + '\n', violations };
      case 'dot':
        return { text: formatDot(artifact, violations), violations };
      case 'text':
        return { text: formatText(artifact, violations), violations };
    }
  };
}

/**
 * Generate seeds SEED..SEED+COUNT-1, print each artifact (`separator` between
 * them), and on stderr a line for each that derives violations and the error
 * of each whose generation fails (both name the seed); go on to the last seed,
 * then, when any failed, say how many, and exit 1.
 */
function generateEach(io: Io, sources: Map<string, string>, render: Renderer, seed: number, count: number, separator: string): number {
  const progress = count > 1 ? statusLine(io, PROGRESS_EVERY_MS) : undefined;
  let violating = 0;
  let failing = 0;
  let printed = 0;
  for (let i = 0; i < count; i++) {
    const s = seed + i;
    let rendered: Rendered;
    try {
      try {
        rendered = render(s);
      } catch (e) {
        throw tooLong(e, s) ?? e;
      }
    } catch (e) {
      if (!isGramlogError(e) || count === 1) throw e;
      failing++;
      progress?.clear();
      io.err(formatError(e, sources) + '\n');
      continue;
    }
    const { text, violations } = rendered;
    io.out((printed++ > 0 ? separator : '') + text);
    if (violations.length > 0) {
      violating++;
      progress?.clear();
      io.err(`${filesOf(sources)}: seed ${s} derives ${violations.length} violation fact(s)\n`);
    }
    progress?.show(`generated ${i + 1}/${count}`, i + 1 === count);
  }
  progress?.clear();
  if (count > 1 && violating + failing > 0) {
    const parts = [failing > 0 ? `${failing} failed` : '', violating > 0 ? `${violating} derived violation facts` : ''].filter((x) => x);
    io.err(`${filesOf(sources)}: ${parts.join(', ')} (of ${count} seeds, ${seed}..${seed + count - 1})\n`);
  }
  return violating + failing > 0 ? EXIT.findings : EXIT.ok;
}

/**
 * V8's error for a string over its length limit (about 512M characters: a
 * deep tree's indented text grows with the square of its depth), as a finding.
 */
function tooLong(e: unknown, seed: number): GramlogError | undefined {
  if (!(e instanceof RangeError && /Invalid string length/.test(e.message))) return undefined;
  return new GramlogError(
    'generate/too-long',
    `seed ${seed}: the artifact is too long to print (more than a JavaScript string holds, about 512M characters; ` +
      `a deep tree's indented text grows with the square of its depth): --json prints it without indentation, or lower (maxdepth D) or (maxnodes N)`,
  );
}

function readFormat(args: Parsed): Format {
  const f = stringOpt(args, 'format');
  const json = boolOpt(args, 'json');
  if (f === undefined) return json ? 'json' : 'text';
  if (!(FORMATS as readonly string[]).includes(f)) {
    throw new UsageError(`gramlog generate: --format takes ${FORMATS.join(', ')}, not '${f}'`);
  }
  if (json && f !== 'json') throw new UsageError(`gramlog generate: --json and --format ${f} disagree`);
  return f as Format;
}
