/**
 * `gramlog generate FILE...`: generate artifacts of any generation style (the
 * registry, src/generate/styles.ts: a tree grammar, a layer file, a graph
 * grammar, a blueprint library) for one seed or `--count N` seeds; print them
 * in one of the style's formats (JSON Lines for several), or `--explain`
 * them; print the `(violation ...)` facts each derives and exit 1 when there
 * are any. The command knows no style: it reads the options, asks the
 * registry for the files' style and prints what the style returns.
 */
import { massSummary } from '../mass-summary.js';
import { recogniseStyle, STYLES, styleOfText } from '../../generate/styles.js';
import type { AnyStyle, Compiled, CompileOptions, FeedPart, FormatName, StyleSource } from '../../generate/style.js';
import { GramlogError, isGramlogError, throwIfErrors } from '../../errors.js';
import { filesOf } from '../diagnostics.js';
import { formatError } from '../diagnostics.js';
import { boolOpt, intOpt, stringOpt, type Parsed } from '../args.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { MASS_HELP, MASS_OPTION, readMass } from '../options.js';
import { runSeeds } from '../parallel/run-seeds.js';
import type { MassOptions, SeedOutcome, Tally } from '../parallel/types.js';
import { JSON_OPTION, printWarnings, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, PARAM_HELP, PARAM_OPTION, readParams, checkSeedRange, readSeed, SEED_OPTION, seedHelp, withParams } from '../options.js';
import { CHOOSE_HELP, CHOOSE_OPTIONS, readReplay, withChoices } from '../replay.js';
import { readStyleSources, reportCompile } from '../style-files.js';
import type { Program } from '../../program/program.js';
import { termJson, type TermJson } from '../../json/terms.js';
import { FORMAT_INFO, formatInfo } from '../../generate/formats.js';
import { didYouMean } from '../../did-you-mean.js';
import { prepareFormat } from '../../generate/prepare-format.js';
import { Satisfier } from '../../generate/satisfy/satisfy.js';
import { annotate, explainSteered } from '../../generate/satisfy/annotate.js';
import { readSatisfy, SATISFY_HELP, SATISFY_OPTION } from '../satisfy-options.js';
import { NO_VIOLATIONS } from '../../generate/violations.js';

export type Format = FormatName;

/** One generated artifact as printed, with its violation facts. */
export interface Rendered {
  text: string;
  /** A binary format's artifact (src/generate/formats.ts), written as is; `text` is then empty. */
  bytes?: Uint8Array;
  violations: readonly string[];
}

/** Generate and render the artifact of one seed. */
export type Renderer = (seed: number) => Rendered;

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
    ...SATISFY_OPTION,
    ...MASS_OPTION,
  },
  help: `usage: gramlog generate FILE... [--seed N] [--count N] [--json | --format FORMAT]
                        [--explain] [--param KEY=VALUE]... [--choose PATH=RULE]...
                        [--choices LIST] [--replay FILE] [--blueprint FILE.bp:NAME]
                        [--graph FILE] [--satisfy [--draws N] [--search N]]

Loads the rule files as one grammar and expands its start symbol: at every node
the pre-selector relations (setprob, addprob, scaleprob, transfer, forbid,
forbidexcept, force, normalizeto) are evaluated for that node, turned into
probabilities in a fixed order, and one seeded draw picks the rule. The same
files, seed and params always give byte-identical output. Each node draws from
a stream derived from the seed and the node's path (n, n/0, n/0/1, ...), so
editing one rule does not reshuffle unrelated subtrees. A file that declares
(layer NAME ORDER) is generated as layers instead (text, JSON, a Tiled map, SVG
or PNG; not DOT).

Graph grammars: a graphgram JSON grammar (FILE.json), or a .gdl file that
declares (graphrule NAME WEIGHT), rewrites a graph (see README "Graph
grammars"); rule files after a JSON grammar add (violation ...) rules over the
final graph's facts (node ID LABEL), (edge SRC DST LABEL), (nodeattr ID KEY VALUE).

Blueprint libraries (FILE.bp...) are mastered: --blueprint NAME names the
blueprint or {factory}; rule files among FILE... hold (violation ...) rules
over the master's facts (see gramlog master --help).

Violations: when the file has (violation NAME ARGS...) rules, they are
evaluated over each generated artifact (for a grammar, over its facts: node,
root, symbol, chose, arg, attr, depth, parent, childindex, applied). The facts
they derive are printed after the artifact ("violations (N):", each fact
followed by "; rule FILE:LINE", the violation rule that derived it; or a
"violations" key in JSON), and generate exits 1.

options:
  ${seedHelp(0)};
                        printed with every artifact
  -n, --count N         generate N artifacts, seeds SEED..SEED+N-1 (JSON Lines with --json)
      --json            one JSON object per artifact, "format" first
                        (docs/reference/json.md); for a grammar
                        {"seed","root":{"symbol","rule"?,"args","attrs","children"},"violations"?},
                        for layers {"seed","layers":[{..."sites","siteTerms"...}],"violations"?},
                        for a graph {"seed","nodes":[{"id","label"}],
                        "edges":[{"v","w","label"}],"steps","violations"?}; beside
                        "violations", "violationRules": [{"file","line","col"}]
                        where the rule that derived each fact is written
  -f, --format FORMAT   text (default: an indented tree, the layers, or a
                        graph's nodes with their out-edges), json, dot
                        (Graphviz; grammars and graphs), svg (a picture of
                        any style), tiled (a Tiled JSON map of a layer file)
                        and tileset (its tile image, PNG), png (layer
                        files; not to a terminal), graphml or graphlib
                        (graphs); see docs/guides/exports.md
      --explain         a grammar: for each node, the weights after every
                        pipeline step and the pre-selector facts that changed
                        them; layers: every draw of every layer (base, mask,
                        placed) and the groups out of bounds that caused a redraw;
                        a graph: every rewrite (rule, match, nodes and edges
                        removed and added)
  ${PARAM_HELP}
  ${MAX_FACTS_HELP}
${CHOOSE_HELP}
  ${SATISFY_HELP}
      --blueprint FILE.bp:NAME  master NAME with each seed and give its number
                        and string properties to the grammar as (param KEY VALUE)
                        facts (a --param still wins); the output says which:
                        a first line "params from --blueprint FILE.bp:NAME: K=V ..."
                        (a // comment in DOT), a "params" object in JSON.
                        With .bp files as FILE...: --blueprint NAME masters NAME
                        (a blueprint or {factory}), as gramlog master does
      --graph FILE      graph grammars: start from this graph (graphlib JSON,
                        {"nodes":[{"v","value"}],"edges":[{"v","w","value"}]})
                        instead of one node labelled with the grammar's start
  ${MASS_HELP}
  -h, --help            this text

limits: counts bound what a file asks for: (maxdepth D) default 64, (maxnodes N)
default 100,000 nodes per artifact; a graph grammar stops with graph/step-limit
after 50,000 rewrites. Memory bounds what it gets: a generation whose heap grows
past the memory budget (--max-memory, below; default 70% of Node's heap limit)
stops with error[generate/memory], well before a heap abort.

exit codes: 0 ok, 1 violation facts derived, an invalid file or a failed
            generation (printed as file:line:col: error[code]: ... with the
            seed; with --satisfy: no artifact satisfies the file, or none was
            found within the budget), 2 usage error or unreadable file

examples:
  gramlog generate rules/dungeon.gdl --seed 42
  gramlog generate rules/dungeon.gdl --seed 1 --count 1000 --json
  gramlog generate rules/tree.gdl --seed 3 --param height=4 --format dot
  gramlog generate rules/dungeon.gdl --seed 42 --explain
  gramlog generate rules/building.gdl --seed 7 --explain
  gramlog generate rules/dungeon.gdl --seed 42 --choose n/0=bossArea
  gramlog generate rules/mission.json --seed 3 --json
  gramlog generate rules/island.gdl --satisfy --count 100 --json
  gramlog generate rules/mission.json --seed 3 --format svg > mission.svg
  gramlog generate rules/map.gdl --seed 1 --format tiled > map.tmj
  gramlog generate rules/map.gdl --format tileset > map-tiles.png
`,
  async run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog generate: give a rule FILE');
    const first = args.positionals[0] as string;
    const engine = readEngineOptions(args, 'generate');
    const files = readStyleSources(io, sources, args.positionals);
    const { style, loaded, unloadable } = recogniseStyle(files, engine);
    const graphFile = stringOpt(args, 'graph');
    if (graphFile !== undefined && !style.accepts.start) throw new UsageError(`gramlog generate: --graph starts a graph grammar, and ${first} is not one`);
    const format = readFormat(args);
    const doExplain = boolOpt(args, 'explain');
    if (doExplain && format !== 'text') throw new UsageError('gramlog generate: --explain prints text; leave out --json/--format');
    if (doExplain && !style.explain) throw new UsageError(`gramlog generate: --explain: a ${style.title} has no explanation; leave out --explain`);
    if (!style.formats.includes(format)) {
      if (unloadable) throw unloadable; // a file that does not load: its error, not one about the guessed style's formats
      throw new UsageError(`gramlog generate: --format ${format}: a ${style.title} prints ${orList(style.formats)}, not ${format}`);
    }
    const binary = FORMAT_INFO[format].binary;
    const count = intOpt(args, 'generate', 'count', 1, 1);
    const mass = readMass(args, 'generate');
    const refused = binaryRefusal(format, { toStdout: mass.out === undefined, count, outIsTTY: io.outIsTTY === true, outTakesBytes: io.outBytes !== undefined });
    if (refused) throw new UsageError(refused);
    await prepareFormat(format, style.name);
    const replay = readReplay(args, io);
    if (replay.seed !== undefined && stringOpt(args, 'seed') !== undefined) {
      throw new UsageError('gramlog generate: --replay gives the seed; leave out --seed');
    }
    if (typeof replay.seed === 'string' && !/^-?\d{1,10}$/.test(replay.seed.trim())) {
      throw new UsageError(`gramlog generate: the replay file's seed must be a whole number, not '${replay.seed}'`);
    }
    const seed = replay.seed !== undefined ? Number(replay.seed) : readSeed(args, 'generate');
    checkSeedRange('generate', seed, count);
    if (replay.choose.length > 0 && !style.accepts.choose) {
      throw new UsageError(`gramlog generate: --choose forces a grammar's rule at a node path; a ${style.title} has none (leave out --choose)`);
    }
    const params = { ...replay.params, ...readParams(args, 'generate') };
    if (style.accepts.entry && Object.keys(params).length > 0) throw new UsageError(`gramlog generate: --param does not apply to a ${style.title} (a master has no params)`);
    const spec = stringOpt(args, 'blueprint');
    const options: CompileOptions = {
      params,
      ...engine,
      ...(loaded ? { loaded } : {}),
      ...(graphFile !== undefined ? { start: readStyleSources(io, sources, [graphFile])[0] as StyleSource } : {}),
    };
    const generateOptions = { explain: doExplain, choose: replay.choose, ...(style.accepts.entry && spec !== undefined ? { entry: spec } : {}) };
    const satisfy = readSatisfy(args, 'generate');
    // one satisfier per compiled grammar (a --blueprint feed compiles one per seed)
    const satisfiers = new WeakMap<object, Satisfier>();
    const compiledFiles: Array<Compiled<unknown>> = [];
    const satisfierOf = (grammar: unknown): Satisfier => {
      let s = satisfiers.get(grammar as object);
      if (!s) satisfiers.set(grammar as object, (s = new Satisfier(style, grammar, generateOptions, satisfy, { sources: files, compileOptions: options, ...(compiledFiles[0] ? { compiled: compiledFiles[0] } : {}) })));
      return s;
    };
    const render = (grammar: unknown, s: number, header = ''): Rendered => {
      const got = satisfy ? withChoices('generate', () => satisfierOf(grammar).one(s)) : undefined;
      const artifact = got ? got.artifact : withChoices('generate', () => style.generate(grammar, s, generateOptions));
      // a satisfying artifact derives none (the satisfier evaluated them); a document that does not depend on
      // the artifact (the tileset) is not about its violations
      const violations = got || FORMAT_INFO[format].artifactFree ? NO_VIOLATIONS : style.violations(artifact);
      if (FORMAT_INFO[format].binary && style.formatBytes) return { text: '', bytes: style.formatBytes(artifact, format, violations), violations: violations.facts };
      const text = doExplain && style.explain ? style.explain(artifact, violations) + (got ? explainSteered(s, got.how) : '') : style.format(artifact, format, violations);
      return { text: header + (got && !doExplain ? annotate(text, format, s, got.how) : text), violations: violations.facts };
    };
    let renderer: Renderer;
    if (style.accepts.entry) {
      // a library: --blueprint NAME names what to master
      if (spec === undefined) throw new UsageError(`gramlog generate: a ${style.title} needs --blueprint NAME (the blueprint or {factory} to master)`);
      const grammar = compileOnce(io, sources, style, files, options, compiledFiles);
      // an unknown NAME is a usage error before generating
      const problem = style.entryProblem?.(grammar, spec);
      if (problem !== undefined) throw new UsageError(`gramlog generate: ${problem}`);
      renderer = (s) => render(grammar, s);
    } else if (spec !== undefined) {
      if (!style.accepts.transform) throw new UsageError(`gramlog generate: --blueprint gives params to a rule grammar or a layer file, and ${first} is a ${style.title}`);
      const feed = paramFeed(io, sources, spec);
      let warned = false;
      renderer = (s) => {
        const m = feed.artifact(s);
        let supplied: Array<[string, string]> = [];
        const compiled = withParams('generate', () =>
          style.compile(files, {
            ...options,
            transform: (p: Program) => {
              const r = feed.supply(p, m);
              supplied = r.params;
              return r.program;
            },
          }),
        );
        if (!warned) printWarnings(io, sources, compiled.diagnostics);
        warned = true;
        throwIfErrors(compiled.diagnostics);
        const r = render(compiled.grammar, s, format === 'text' || format === 'dot' ? paramsHeader(spec, supplied, format) : '');
        return format === 'json' ? { ...r, text: withParamsField(r.text, supplied) } : r;
      };
    } else {
      const grammar = compileOnce(io, sources, style, files, options, compiledFiles);
      renderer = (s) => render(grammar, s);
    }
    return generateEach(io, sources, renderer, seed, count, format === 'text' ? '\n' : '', { args, mass, format });
  },
};

/**
 * Why a binary format cannot be written where it would go (undefined: it can).
 * Only standard output is checked: with --out DIR every artifact goes to a file
 * of its own, so a terminal, or an output that takes text only, is no obstacle.
 */
export function binaryRefusal(format: Format, to: { toStdout: boolean; count: number; outIsTTY: boolean; outTakesBytes: boolean }): string | undefined {
  const info = FORMAT_INFO[format];
  if (!info.binary || !to.toStdout) return undefined;
  if (to.outIsTTY) return `gramlog generate: --format ${format} writes binary data, not to a terminal: redirect it to a file (> out.${info.extension}), or give --out DIR`;
  if (!to.outTakesBytes) return `gramlog generate: --format ${format} writes binary data, which this output takes no bytes of`;
  if (to.count > 1) return `gramlog generate: --format ${format} writes one binary file per seed: give --out DIR for --count, or run once per --seed`;
  return undefined;
}

/** Compile the files once: warnings printed, errors thrown. */
function compileOnce(io: Io, sources: Map<string, string>, style: AnyStyle, files: readonly StyleSource[], options: CompileOptions, keep?: Array<Compiled<unknown>>): unknown {
  const compiled = withParams('generate', () => style.compile(files, options));
  keep?.push(compiled);
  reportCompile(io, sources, compiled.diagnostics);
  return compiled.grammar;
}

/**
 * `--blueprint FILE.bp:NAME` of a rule file: the style whose artifacts feed
 * params (Style.feed: the one that recognises FILE, else the first that has a
 * feed), compiled once, and NAME's artifact for each seed.
 */
function paramFeed(
  io: Io,
  sources: Map<string, string>,
  spec: string,
): { artifact(seed: number): unknown; supply(program: Program, artifact: unknown): { program: Program; params: Array<[string, string]> } } {
  const colon = spec.lastIndexOf(':');
  if (colon <= 0 || colon === spec.length - 1) throw new UsageError(`gramlog generate: --blueprint takes FILE.bp:NAME, not '${spec}'`);
  const file = spec.slice(0, colon);
  const name = spec.slice(colon + 1);
  const read = readStyleSources(io, sources, [file]);
  const feeder = [styleOfText(read[0] as StyleSource), ...STYLES].find((s) => s?.feed !== undefined) as AnyStyle;
  const feed = feeder.feed as FeedPart<unknown, unknown>;
  const grammar = compileOnce(io, sources, feeder, read, {});
  // a property that matches no param of the generator is a finding located in the .bp file; the generator's
  // params are the same for every seed, so once is enough
  let checked = false;
  return {
    artifact(seed) {
      try {
        return feed.artifact(grammar, name, seed);
      } catch (e) {
        // a NAME the library lacks is a bad argument (exit 2), like an unknown --param, worded by the style (entryProblem)
        if (e instanceof GramlogError && !e.span) throw new UsageError(`gramlog generate: ${feeder.entryProblem?.(grammar, name) ?? `${read.map((r) => r.file).join(' ')}: ${e.message}`}`);
        throw e;
      }
    },
    supply(program, artifact) {
      if (!checked) {
        throwIfErrors(feed.findings(grammar, name, program, program.files.join(' ')));
        checked = true;
      }
      return feed.supply(program, artifact, `--blueprint ${spec}`);
    },
  };
}

/** The text header of an artifact whose params a blueprint supplied (a DOT comment in DOT). */
function paramsHeader(spec: string, params: ReadonlyArray<readonly [string, string]>, format: FormatName): string {
  const line = `params from --blueprint ${spec}: ${params.length === 0 ? 'none' : params.map(([k, v]) => `${k}=${v}`).join(' ')}`;
  return format === 'dot' ? `// ${line}\n` : `${line}\n`;
}

/** A JSON line with `"params"` (the params a blueprint supplied, KEY → typed VALUE as in src/json/terms.ts) after its seed. */
function withParamsField(line: string, params: ReadonlyArray<readonly [string, string]>): string {
  const o = JSON.parse(line) as Record<string, unknown>;
  const p: Record<string, TermJson> = Object.create(null) as Record<string, TermJson>;
  for (const [k, v] of params) p[k] = termJson(v);
  const { format, seed, ...rest } = o;
  return JSON.stringify({ format, seed, params: p, ...rest }) + '\n';
}

/**
 * Generate seeds SEED..SEED+COUNT-1 (or the part --shard runs; on --jobs
 * worker threads, in seed order: src/cli/parallel/run-seeds.ts), print each
 * artifact (`separator` between them; --out DIR: chunk files), and on stderr a
 * line for each that derives violations and the error of each whose
 * generation fails (both name the seed); go on to the last seed, then, when
 * any failed, say how many, and exit 1.
 */
function generateEach(
  io: Io,
  sources: Map<string, string>,
  render: Renderer,
  seed: number,
  count: number,
  separator: string,
  run: { args: Parsed; mass: MassOptions; format: Format },
): number | Promise<number> {
  const compute = (s: number): SeedOutcome => {
    try {
      let rendered: Rendered;
      try {
        rendered = render(s);
      } catch (e) {
        throw tooLong(e, s) ?? e;
      }
      const o: SeedOutcome = rendered.bytes !== undefined ? { bytes: rendered.bytes } : { doc: rendered.text };
      if (rendered.violations.length > 0) {
        o.violating = true;
        o.violationFacts = rendered.violations.length;
        o.err = `${filesOf(sources)}: seed ${s} derives ${rendered.violations.length} violation fact(s)\n`;
      }
      return o;
    } catch (e) {
      // no artifact satisfies the file whatever the seed: one proof for the whole run, not one per seed
      if (!isGramlogError(e) || count === 1 || e.code === 'satisfy/unsatisfiable') throw e;
      const message = formatError(e, sources);
      return { failure: message, err: message + '\n' };
    }
  };
  const summary = (t: Tally): number => {
    massSummary(io, filesOf(sources), t);
    return t.violating + t.failed > 0 ? EXIT.findings : EXIT.ok;
  };
  const tally = runSeeds({
    command: 'generate',
    io,
    sources,
    args: run.args,
    mass: run.mass,
    first: seed,
    count,
    separator,
    format: FORMAT_INFO[run.format],
    verb: 'generated',
    compute,
  });
  return tally instanceof Promise ? tally.then(summary) : summary(tally);
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

/** `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] as string}`;
}

function readFormat(args: Parsed): Format {
  const f = stringOpt(args, 'format');
  const json = boolOpt(args, 'json');
  if (f === undefined) return json ? 'json' : 'text';
  if (!formatInfo(f)) {
    throw new UsageError(`gramlog generate: --format takes ${Object.keys(FORMAT_INFO).join(', ')}, not '${f}'${didYouMean(f, Object.keys(FORMAT_INFO))}`);
  }
  if (json && f !== 'json') throw new UsageError(`gramlog generate: --json and --format ${f} disagree`);
  return f as Format;
}
