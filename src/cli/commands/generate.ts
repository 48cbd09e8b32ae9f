import { GramlogError, throwIfErrors } from '../../errors.js';
import {
  compileGrammar,
  explain,
  formatDot,
  formatJson,
  formatText,
  generateFrom,
  type Artifact,
  type Grammar,
} from '../../generate/grammar/index.js';
import { loadProgram } from '../../program/load.js';
import type { Program } from '../../program/program.js';
import { boolOpt, intOpt } from '../args.js';
import { readSource, type Command } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { isLayerProgram, readParams, readSeed, runLayerGenerate } from './generate-layers.js';

const FORMATS = ['text', 'json', 'dot'] as const;
type Format = (typeof FORMATS)[number];

/** Show progress on a terminal at most this often (milliseconds). */
const PROGRESS_EVERY_MS = 250;

export const generateCommand: Command = {
  name: 'generate',
  summary: 'generate content from a rule grammar with pre-selectors (or a layer file)',
  options: {
    seed: { type: 'string', short: 's' },
    count: { type: 'string', short: 'n' },
    json: { type: 'boolean' },
    format: { type: 'string', short: 'f' },
    explain: { type: 'boolean' },
    param: { type: 'string', multiple: true, short: 'p' },
  },
  help: `usage: gramlog generate FILE... [--seed N] [--count N] [--json | --format FORMAT]
                        [--explain] [--param KEY=VALUE]...

Loads the rule files as one grammar and expands its start symbol: at every node
the pre-selector relations (setprob, addprob, scaleprob, transfer, forbid,
forbidexcept, force, normalizeto) are evaluated for that node, turned into
probabilities in a fixed order, and one seeded draw picks the rule. The same
files, seed and params always give byte-identical output. Each node draws from
a stream derived from the seed and the node's path (n, n/0, n/0/1, ...), so
editing one rule does not reshuffle unrelated subtrees. A file that declares
(layer NAME ORDER) is generated as layers instead (--seed, --json, --param).

options:
  -s, --seed N          the seed (default 0); printed with every artifact
  -n, --count N         generate N artifacts, seeds SEED..SEED+N-1 (JSON Lines with --json)
      --json            one JSON object per artifact:
                        {"seed","root":{"symbol","rule"?,"args","attrs","children"}}
  -f, --format FORMAT   text (default: an indented tree), json, or dot (Graphviz)
      --explain         for each node, the weights after every pipeline step and
                        the pre-selector facts that changed them
  -p, --param KEY=VALUE override the file's (param KEY ...) fact; repeatable
  -h, --help            this text

limits: (maxdepth D) default 64, (maxnodes N) default 100000 per artifact.

exit codes: 0 ok, 1 invalid grammar or a failed generation (printed as
            file:line:col: error[code]: ... with the seed), 2 usage error or
            unreadable file

examples:
  gramlog generate rules/dungeon.gdl --seed 42
  gramlog generate rules/dungeon.gdl --seed 1 --count 1000 --json
  gramlog generate rules/tree.gdl --seed 3 --param height=4 --format dot
  gramlog generate rules/dungeon.gdl --seed 42 --explain
`,
  run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog generate: give a rule FILE');
    const files = args.positionals.map((file) => ({ file, text: readSource(io, sources, file) }));
    const program = loadProgram(files);
    for (const d of program.diagnostics) {
      if (d.severity === 'warning') io.err(formatDiagnostic(d, d.span ? sources.get(d.span.file) : undefined) + '\n');
    }
    throwIfErrors(program.diagnostics);
    if (isLayerProgram(program)) return runLayerGenerate(program, args, io, sources);

    const format = readFormat(args.values);
    const doExplain = boolOpt(args, 'explain');
    if (doExplain && format !== 'text') throw new UsageError('gramlog generate: --explain prints text; leave out --json/--format');
    const count = intOpt(args, 'generate', 'count', 1, 1);
    const seed = readSeed(args);
    if (count > 1 && typeof seed !== 'number') {
      throw new UsageError(`gramlog generate: --count needs a whole-number --seed, not '${String(seed)}'`);
    }
    const grammar = compileGrammarOrUsage(program, readParams(args));

    const progress = count > 1 && io.errIsTTY ? new Progress(io, count) : undefined;
    for (let i = 0; i < count; i++) {
      const s = typeof seed === 'number' ? seed + i : seed;
      const artifact = generateFrom(grammar, s, { explain: doExplain });
      io.out(render(artifact, format, doExplain, i));
      progress?.tick(i + 1);
    }
    progress?.done();
    return EXIT.ok;
  },
};

/** Compile; a bad --param is a usage error (exit 2), not a finding. */
function compileGrammarOrUsage(program: Program, params: Record<string, string>): Grammar {
  try {
    return compileGrammar(program, { params });
  } catch (e) {
    if (e instanceof GramlogError && (e.code === 'generate/unknown-param' || e.code === 'generate/param')) {
      throw new UsageError(`gramlog generate: ${e.message}`);
    }
    throw e;
  }
}

function readFormat(values: Record<string, unknown>): Format {
  const f = values['format'];
  const json = values['json'] === true;
  if (f === undefined) return json ? 'json' : 'text';
  if (typeof f !== 'string' || !(FORMATS as readonly string[]).includes(f)) {
    throw new UsageError(`gramlog generate: --format takes ${FORMATS.join(', ')}, not '${String(f)}'`);
  }
  if (json && f !== 'json') throw new UsageError(`gramlog generate: --json and --format ${f} disagree`);
  return f as Format;
}

function render(artifact: Artifact, format: Format, doExplain: boolean, index: number): string {
  if (doExplain) return (index > 0 ? '\n' : '') + explain(artifact);
  switch (format) {
    case 'json':
      return formatJson(artifact) + '\n';
    case 'dot':
      return formatDot(artifact);
    case 'text':
      return (index > 0 ? '\n' : '') + formatText(artifact);
  }
}

/** `generated K/N` on stderr, rewritten in place, only on a terminal. */
class Progress {
  private last = 0;
  private shown = false;
  constructor(
    private readonly io: Io,
    private readonly total: number,
  ) {}

  tick(done: number): void {
    const now = Date.now();
    if (now - this.last < PROGRESS_EVERY_MS && done < this.total) return;
    this.last = now;
    this.shown = true;
    this.io.err(`\rgenerated ${done}/${this.total}`);
  }

  done(): void {
    if (this.shown) this.io.err('\r\x1b[K');
  }
}
