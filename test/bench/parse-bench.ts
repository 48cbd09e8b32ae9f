/**
 * Parser benchmark (issue 13): tokens per second of the KIF parser (moo +
 * nearley, grammar/kif.ne) on a rule file and on a fact file, and the parser's
 * memory on a file of 1M facts. Never asserts a time; prints figures.
 *
 * Peer: JSON.parse (V8's native parser) reading the same forms written as
 * nested JSON arrays of strings, in the same run: a ceiling, not a rival (no
 * spans, no checks). Goal: ≥ 1M tokens/s on rule files.
 *
 * Memory: `forEachStatement` hands each statement on and keeps nothing, so the
 * parser's own peak is what a loader that keeps less than the syntax tree pays;
 * `parse` keeps the whole tree (with a span on every node), measured on 100k
 * facts and given per fact.
 *
 * Run with `npm run bench`, or alone: `npx tsx test/bench/parse-bench.ts [--quick]`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { tokenize } from '../../src/syntax/lexer.js';
import { forEachStatement, parse } from '../../src/syntax/parser.js';

const repoRoot = resolve(import.meta.dirname, '../..');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The forms of `text` as nested JSON arrays (the peer's input). */
function asJson(text: string): string {
  const parts: string[] = ['['];
  let first = true;
  let depth = 0;
  for (const tok of tokenize(text)) {
    if (tok.type === 'ws' || tok.type === 'comment') continue;
    if (tok.type === 'rparen') {
      parts.push(']');
      depth--;
      if (depth === 0) first = false;
      continue;
    }
    const last = parts[parts.length - 1];
    if (last !== '[' && !(depth === 0 && first)) parts.push(',');
    if (tok.type === 'lparen') {
      parts.push('[');
      depth++;
    } else {
      parts.push(JSON.stringify(tok.text));
      if (depth === 0) first = false;
    }
  }
  parts.push(']');
  return parts.join('');
}

function significantTokens(text: string): number {
  let n = 0;
  for (const tok of tokenize(text)) if (tok.type !== 'ws' && tok.type !== 'comment') n++;
  return n;
}

function bestSeconds(repeat: number, fn: () => void): number {
  return bestTimes(repeat, fn).wall;
}

/** Best wall-clock and best CPU seconds of `repeat` runs, each after a collection (CPU time includes V8's helper threads). */
export function bestTimes(repeat: number, fn: () => void): { wall: number; cpu: number } {
  let wall = Infinity;
  let cpu = Infinity;
  for (let i = 0; i < repeat; i++) {
    gc();
    const c = process.cpuUsage();
    const t = process.hrtime.bigint();
    fn();
    wall = Math.min(wall, Number(process.hrtime.bigint() - t) / 1e9);
    const used = process.cpuUsage(c);
    cpu = Math.min(cpu, (used.user + used.system) / 1e6);
  }
  return { wall, cpu };
}

const mega = (tokens: number, secs: number) => `${(tokens / secs / 1e6).toFixed(2)}M/s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function ruleFile(copies: number): string {
  const games = ['tictactoe.kif', 'maze.kif', 'nim.kif', 'race.kif'].map((g) => readFileSync(resolve(repoRoot, 'games', g), 'utf8'));
  return Array.from({ length: copies }, () => games.join('\n')).join('\n');
}

export function factFile(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`(edge ${i} ${(i * 7919) % n})`);
  return lines.join('\n');
}

export async function benchParse(options: { quick?: boolean } = {}): Promise<void> {
  const quick = options.quick ?? false;
  console.log('\n## Parser: tokens per second (moo + nearley), and memory on 1M facts');
  console.log('peer: JSON.parse of the same forms as nested JSON arrays (native; no spans or checks). Best of 8 runs, each after a full collection. Goal: ≥ 1M tokens/s on rule files.');
  console.log('| input | tokens | gramlog parse | parse per CPU second | gramlog forEachStatement | JSON.parse | JSON.parse/parse |');
  console.log('|---|---|---|---|---|---|---|');
  const inputs: Array<[string, string]> = [
    ['rule files (games/*.kif ×' + (quick ? 10 : 40) + ')', ruleFile(quick ? 10 : 40)],
    [`facts (${quick ? '20k' : '100k'})`, factFile(quick ? 20_000 : 100_000)],
  ];
  for (const [name, text] of inputs) {
    const tokens = significantTokens(text);
    const json = asJson(text);
    // Best of 8: V8 compiles the parser's hot paths over the first runs (each run starts after a full collection).
    const repeat = quick ? 3 : 8;
    const times = bestTimes(repeat, () => parse(text));
    const tree = times.wall;
    const stream = bestSeconds(repeat, () => forEachStatement(text, undefined, () => {}));
    const peer = bestSeconds(repeat, () => JSON.parse(json));
    console.log(`| ${name} | ${tokens} | ${mega(tokens, tree)} | ${mega(tokens, times.cpu)} | ${mega(tokens, stream)} | ${mega(tokens, peer)} | ${(tree / peer).toFixed(1)}× |`);
  }

  // Memory: the parser's own peak on 1M facts (streaming), and the tree parse keeps.
  const n = quick ? 200_000 : 1_000_000;
  let text = factFile(n);
  gc();
  const before = process.memoryUsage().heapUsed;
  let retained = 0;
  let count = 0;
  const started = process.hrtime.bigint();
  forEachStatement(text, { file: 'facts.kif' }, () => {
    // What the parser holds mid-file: the heap after a collection, every 100k facts.
    if (++count % 100_000 === 0) {
      gc();
      retained = Math.max(retained, process.memoryUsage().heapUsed - before);
    }
  });
  const streamSecs = Number(process.hrtime.bigint() - started) / 1e9;
  const treeFacts = quick ? 20_000 : 100_000;
  const small = factFile(treeFacts);
  text = '';
  gc();
  const base = process.memoryUsage().heapUsed;
  const kept = parse(small);
  gc();
  const perFact = (process.memoryUsage().heapUsed - base) / treeFacts;
  console.log(
    `memory: ${n} facts (${mb(Buffer.byteLength(small) * (n / treeFacts))} of text) through forEachStatement in ${streamSecs.toFixed(1)} s: ` +
      `the parser holds at most ${mb(retained)} beyond the text (heap after a collection, every 100k facts); ` +
      `parse, which keeps the whole tree with a span on every node, keeps ${Math.round(perFact)} bytes per fact (${kept.statements.length} facts measured), ${mb(perFact * 1_000_000)} per 1M facts`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchParse({ quick: process.argv.includes('--quick') });
