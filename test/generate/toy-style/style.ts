/**
 * A toy fifth generation style, in one folder and registered by one line
 * (registerStyleForTest, src/generate/styles.ts): coin rows. A coin file is a
 * rule file marked `(toy coins)`; `(param coins N)` says how many coins are
 * flipped, and its `violation` rules read the row as `(flip I heads|tails)`.
 * Every random draw comes from the seed (src/random.ts). It implements the
 * core contract and the parts a client may use (formats, check, satisfy,
 * facts for query, editor support), and nothing about it is written anywhere in src/.
 */
import { evaluate, type Model } from '../../../src/engine/index.js';
import { throwIfErrors } from '../../../src/errors.js';
import { loadProgram } from '../../../src/program/load.js';
import { createRandom } from '../../../src/random.js';
import type { Program } from '../../../src/program/program.js';
import { applyParams, paramFacts } from '../../../src/generate/params.js';
import { loadSources } from '../../../src/generate/style-load.js';
import type { Style, StyleCheck } from '../../../src/generate/style.js';
import { appendViolations, violationsOf } from '../../../src/generate/violations.js';
import type { VocabularySchema } from '../../../src/vocabulary-schema.js';

export interface CoinGrammar {
  program: Program;
  coins: number;
}

export interface CoinRow {
  seed: number | string;
  flips: Array<'heads' | 'tails'>;
  model: Model;
}

export const COIN_SCHEMA: VocabularySchema = {
  kind: 'coins',
  title: 'Coin rows',
  entries: [
    { name: 'toy', args: [{ name: 'KIND', kind: 'term' }], use: 'fact', doc: 'Marks a coin file: `(toy coins)`.', example: '(toy coins)' },
    { name: 'flip', args: [{ name: 'I', kind: 'integer' }, { name: 'SIDE', kind: 'term' }], use: 'injected', doc: 'Coin I landed on SIDE (heads or tails).', example: '(flip 0 heads)' },
  ],
};

/** The number of coins the program's `(param coins N)` says (0 when it says none). */
function coinCount(program: Program): number {
  const n = Number(paramFacts(program).find(([k]) => k === 'coins')?.[1] ?? 0);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

function prepare(program: Program): CoinGrammar {
  return { program, coins: coinCount(program) };
}

/** Flip the coins of SEED (a forced side wins over a draw), with the facts of the row evaluated under the file's rules. */
function flip(g: CoinGrammar, seed: number | string, choose: Readonly<Record<string, string>> = {}): CoinRow {
  const random = createRandom(seed);
  const flips = Array.from({ length: g.coins }, (_, i) => {
    const drawn = random.derive(`coin/${i}`).chance(0.5) ? 'heads' : 'tails';
    const forced = choose[String(i)];
    return forced === 'heads' || forced === 'tails' ? forced : drawn;
  });
  const terms = g.program.terms;
  const rel = g.program.relationId('flip', 2);
  const model = evaluate(g.program, { facts: flips.map((side, i) => ({ rel, tuple: [terms.number(i), terms.constant(side)] })) });
  return { seed, flips, model };
}

/** How often the toy style's `satisfy.prepare` ran (the playground worker calls it before a --satisfy panel). */
export const coinPrepared = { count: 0 };

const rowText = (a: CoinRow) => `seed ${String(a.seed)}: ${a.flips.map((f) => (f === 'heads' ? 'H' : 'T')).join(' ')}\n`;

const coinCheck: StyleCheck<Program, CoinGrammar, CoinRow> = {
  program: (program) => program,
  prepare: (program, params) => prepare(applyParams(program, params)),
  generate(g, seed, choose) {
    const artifact = flip(g, seed, choose);
    return {
      artifact,
      violations: violationsOf(artifact.model),
      choose: {},
      size: artifact.flips.length,
      summary: () => ({ seed: artifact.seed, flips: artifact.flips }),
      model: () => artifact.model,
    };
  },
  text: rowText,
  unit: 'coins',
};

export const coinStyle: Style<CoinGrammar, CoinRow> = {
  name: 'coins',
  title: 'coin row',
  schema: COIN_SCHEMA,
  formats: ['text', 'json'],
  extraFiles: 'rules',
  accepts: {},
  recogniseProgram: (program) => program.findRelation('toy', 1) !== undefined,
  compile(sources, options = {}) {
    const loaded = loadSources(sources, options, COIN_SCHEMA);
    if (!loaded.program) return { style: 'coins', grammar: undefined, diagnostics: loaded.diagnostics };
    const program = loaded.program;
    return { style: 'coins', grammar: prepare(applyParams(program, options.params)), program, diagnostics: loaded.diagnostics };
  },
  generate: (g, seed) => flip(g, seed),
  violations: (a) => violationsOf(a.model),
  format(a, format, violations) {
    if (format === 'json') return JSON.stringify({ seed: a.seed, flips: a.flips, violations: violations.facts }) + '\n';
    return appendViolations(rowText(a), violations);
  },
  size: (a) => a.flips.length,
  async analyze(sources, options = {}) {
    const loaded = loadSources(sources, options, COIN_SCHEMA);
    if (!loaded.program) return { diagnostics: loaded.diagnostics, analysis: undefined };
    const file = sources.map((s) => s.file).join(' ');
    const coins = coinCount(applyParams(loaded.program, options.params));
    return { diagnostics: loaded.diagnostics, analysis: { header: [`${file}: a row of ${coins} coin(s)`], findings: [], notes: [], json: { file, coins, findings: [] } } };
  },
  checkSource: (compiled) => compiled.program,
  check: coinCheck,
  // no solver: --satisfy redraws; `prepare` counts the times a client loaded what solving needs
  satisfy: {
    constraints: [],
    prepare: async () => {
      coinPrepared.count++;
    },
  },
  // a recorded row (FILE.coins: `H T H`) as facts for gramlog query, with rule files beside it
  facts: {
    owns: (file) => file.endsWith('.coins'),
    program(files, rules) {
      const facts = files.flatMap((f) => f.text.trim().split(/\s+/).map((side, i) => `(flip ${i} ${side === 'H' ? 'heads' : 'tails'})`));
      const program = loadProgram([{ file: 'row.kif', text: facts.join('\n') + '\n' }, ...rules]);
      throwIfErrors(program.diagnostics);
      return program;
    },
  },
  editor: {},
};
