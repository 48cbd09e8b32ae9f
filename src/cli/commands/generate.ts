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
import type { Program } from '../../program/program.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { statusLine } from '../progress.js';
import { JSON_OPTION, loadRuleFiles, PARAM_HELP, PARAM_OPTION, readParams, readSeed, SEED_OPTION, withParams } from '../options.js';
import { CHOOSE_HELP, CHOOSE_OPTIONS, readReplay, withChoices } from '../replay.js';
import { layerRenderer } from './generate-layers.js';

const FORMATS = ['text', 'json', 'dot'] as const;
export type Format = (typeof FORMATS)[number];

/** What the generate command asks of a generation style. */
export interface GenerateRequest {
  params: Record<string, string>;
  format: Format;
  explain: boolean;
  /** Several artifacts (`--count` given): JSON as one line each (JSON Lines). */
  jsonLines: boolean;
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
  summary: 'generate content from a rule grammar with pre-selectors (or a layer file)',
  options: {
    ...SEED_OPTION,
    count: { type: 'string', short: 'n' },
    ...JSON_OPTION,
    format: { type: 'string', short: 'f' },
    explain: { type: 'boolean' },
    ...PARAM_OPTION,
    ...CHOOSE_OPTIONS,
  },
  help: `usage: gramlog generate FILE... [--seed N] [--count N] [--json | --format FORMAT]
                        [--explain] [--param KEY=VALUE]... [--choose PATH=RULE]...
                        [--replay FILE]

Loads the rule files as one grammar and expands its start symbol: at every node
the pre-selector relations (setprob, addprob, scaleprob, transfer, forbid,
forbidexcept, force, normalizeto) are evaluated for that node, turned into
probabilities in a fixed order, and one seeded draw picks the rule. The same
files, seed and params always give byte-identical output. Each node draws from
a stream derived from the seed and the node's path (n, n/0, n/0/1, ...), so
editing one rule does not reshuffle unrelated subtrees. A file that declares
(layer NAME ORDER) is generated as layers instead (text or JSON, not DOT).

Violations: when the file has (violation NAME ARGS...) rules, they are
evaluated over each generated artifact (for a grammar, over its facts: node,
root, symbol, chose, arg, attr, depth, parent, childindex, applied). The facts
they derive are printed after the artifact ("violations (N):", or a
"violations" key in JSON), and generate exits 1.

options:
  -s, --seed N          the seed (default 0); printed with every artifact
  -n, --count N         generate N artifacts, seeds SEED..SEED+N-1 (JSON Lines with --json)
      --json            one JSON object per artifact; for a grammar
                        {"seed","root":{"symbol","rule"?,"args","attrs","children"},"violations"?},
                        for layers {"seed","layers":[...],"violations"?}
  -f, --format FORMAT   text (default: an indented tree, or the layers), json,
                        or dot (Graphviz; grammars only)
      --explain         a grammar: for each node, the weights after every
                        pipeline step and the pre-selector facts that changed
                        them; layers: every draw of every layer (base, mask,
                        placed) and the groups out of bounds that caused a redraw
  ${PARAM_HELP}
${CHOOSE_HELP}
  -h, --help            this text

limits: (maxdepth D) default 64, (maxnodes N) default 100000 per artifact.

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
`,
  run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog generate: give a rule FILE');
    const program = loadRuleFiles(io, sources, args.positionals);
    const format = readFormat(args);
    const doExplain = boolOpt(args, 'explain');
    if (doExplain && format !== 'text') throw new UsageError('gramlog generate: --explain prints text; leave out --json/--format');
    const count = intOpt(args, 'generate', 'count', 1, 1);
    const replay = readReplay(args, io);
    if (replay.seed !== undefined && stringOpt(args, 'seed') !== undefined) {
      throw new UsageError('gramlog generate: --replay gives the seed; leave out --seed');
    }
    const seed = replay.seed ?? readSeed(args);
    if (count > 1 && typeof seed !== 'number') {
      throw new UsageError(`gramlog generate: --count needs a whole-number --seed, not '${String(seed)}'`);
    }
    const request: GenerateRequest = {
      params: { ...replay.params, ...readParams(args, 'generate') },
      format,
      explain: doExplain,
      jsonLines: stringOpt(args, 'count') !== undefined,
      choose: replay.choose,
    };
    const render = isLayerProgram(program) ? layerRenderer(program, request) : grammarRenderer(program, request);
    return generateEach(io, render, seed, count, format === 'text' ? '\n' : '');
  },
};

/** The grammar style: compile once, then generate and print each seed. */
function grammarRenderer(program: Program, request: GenerateRequest): Renderer {
  const grammar = withParams('generate', () => compileGrammar(program, { params: request.params }));
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
 * Generate seeds SEED..SEED+COUNT-1 (or the one text seed), print each
 * artifact (`separator` between them), and on stderr a line for each that
 * derives violations; exit 1 when any does.
 */
function generateEach(io: Io, render: Renderer, seed: number | string, count: number, separator: string): number {
  const progress = count > 1 ? statusLine(io, PROGRESS_EVERY_MS) : undefined;
  let failed = false;
  for (let i = 0; i < count; i++) {
    const s = typeof seed === 'number' ? seed + i : seed;
    const { text, violations } = render(s);
    io.out((i > 0 ? separator : '') + text);
    if (violations.length > 0) {
      failed = true;
      progress?.clear();
      io.err(`gramlog generate: seed ${s} derives ${violations.length} violation fact(s)\n`);
    }
    progress?.show(`generated ${i + 1}/${count}`, i + 1 === count);
  }
  progress?.clear();
  return failed ? EXIT.findings : EXIT.ok;
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
