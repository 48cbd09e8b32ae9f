/**
 * Bulk facts and memory per fact (issues 11 and 13). Never asserts a time or a
 * size; prints figures.
 *
 * 1. `readFactTable` on 1M tuples of TSV (`n17<TAB>n2345`, 1M distinct
 *    constants), best of 3 in this process, as facts per second (wall and per
 *    CPU second). Floor in the same run: native `split` of the same text into
 *    lines and cells (no interning, no checks). Peers in the same run, each a
 *    whole process reading the same facts (startup subtracted): gringo
 *    (`gringo --text`, ASP facts) and SWI-Prolog (`load_files`), on fewer facts
 *    (they are slow), given as a rate. Goal: ≥ 2M facts/s.
 * 2. Peak memory end to end on 1M facts: `gramlog query FILE.kif --goal ...`
 *    over a KIF file of 1M ground facts plus two rules (one deriving 1M more
 *    facts), and `gramlog query RULES --facts DIR` with 1M tuples; each a child
 *    process that reports its peak RSS at exit (see REPORT_RSS), beside node
 *    doing nothing. Goal: ≤ 300 MB each.
 *
 * Run with `npm run bench`, or alone (after `npm run build`):
 * `npx tsx test/bench/facts-bench.ts [--quick]`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readFactTable } from '../../src/program/facts-table.js';
import { Program } from '../../src/program/program.js';
import { findGringo } from './clingo-peer.js';
import { bestTimes } from './parse-bench.js';
import { findSwipl } from './swi-peer.js';

const repoRoot = resolve(import.meta.dirname, '../..');
const cli = join(repoRoot, 'bin/gramlog.js');
/**
 * Loaded before the CLI in the child: prints the peak resident set size (KB) on
 * stderr at exit. Linux's VmHWM when there is one: `resourceUsage().maxRSS`
 * of a spawned process starts from its parent's size at the spawn (Linux keeps
 * the larger across exec), which here would be this benchmark's.
 */
const REPORT_RSS =
  'data:text/javascript,' +
  encodeURIComponent(
    'import { readFileSync } from "node:fs";' +
      'process.on("exit", () => {' +
      '  let kb = process.resourceUsage().maxRSS;' +
      '  try { const m = /VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status", "utf8")); if (m) kb = Number(m[1]); } catch {}' +
      '  process.stderr.write("\\nmaxrss " + kb + "\\n");' +
      '});',
  );

const pair = (i: number, n: number): [string, string] => [`n${i}`, `n${(i * 7919) % n}`];

function writeInputs(dir: string, n: number, peerN: number): void {
  const tsv: string[] = [];
  const kif: string[] = [];
  for (let i = 0; i < n; i++) {
    const [a, b] = pair(i, n);
    tsv.push(`${a}\t${b}`);
    kif.push(`(edge ${a} ${b})`);
  }
  const rules = '(<= (hop ?x ?z) (edge ?x ?y) (edge ?y ?z))\n(<= (self ?x) (edge ?x ?x))\n';
  mkdirSync(join(dir, 'facts'));
  writeFileSync(join(dir, 'facts/edge.tsv'), tsv.join('\n') + '\n');
  writeFileSync(join(dir, 'big.kif'), kif.join('\n') + '\n' + rules);
  writeFileSync(join(dir, 'rules.kif'), rules);
  const asp: string[] = [];
  for (let i = 0; i < peerN; i++) {
    const [a, b] = pair(i, peerN);
    asp.push(`edge(${a},${b}).`);
  }
  writeFileSync(join(dir, 'edge.lp'), asp.join('\n') + '\n');
  writeFileSync(join(dir, 'edge.pl'), asp.join('\n') + '\n');
  writeFileSync(join(dir, 'empty.lp'), '');
}

/** Seconds of a whole process (best of `repeat`), minus the same command's startup on an empty input. */
function processSeconds(cmd: string, args: (file: string) => string[], file: string, empty: string, repeat: number): number {
  const time = (f: string) => {
    const t = process.hrtime.bigint();
    execFileSync(cmd, args(f), { stdio: ['ignore', 'ignore', 'ignore'] });
    return Number(process.hrtime.bigint() - t) / 1e9;
  };
  let run = Infinity;
  let startup = Infinity;
  for (let i = 0; i < repeat; i++) {
    startup = Math.min(startup, time(empty));
    run = Math.min(run, time(file));
  }
  return Math.max(run - startup, 1e-6);
}

/** Peak RSS (MB) and seconds of `node bin/gramlog.js args...`. */
function gramlogChild(args: string[]): { mb: number; secs: number; ok: boolean } {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', REPORT_RSS, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const secs = Number(process.hrtime.bigint() - t) / 1e9;
  const m = /maxrss (\d+)/.exec(r.stderr ?? '');
  return { mb: m ? Number(m[1]) / 1024 : NaN, secs, ok: r.status === 0 };
}

const rate = (n: number, secs: number) => `${(n / secs / 1e6).toFixed(2)}M/s`;

export async function benchFacts(options: { quick?: boolean } = {}): Promise<void> {
  const quick = options.quick ?? false;
  const n = quick ? 200_000 : 1_000_000;
  const peerN = quick ? 50_000 : 200_000;
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-facts-'));
  try {
    writeInputs(dir, n, peerN);
    const text = readFileSync(join(dir, 'facts/edge.tsv'), 'utf8');

    console.log(`\n## Bulk facts: ${n} tuples of TSV (${n} distinct constants)`);
    console.log('floor: native split into lines and cells (same text, same run; no interning or checks). Peers: whole processes on the same facts (startup subtracted). Goal: ≥ 2M facts/s.');
    console.log('| reader | facts | seconds | facts/s | per CPU second | gramlog / this |');
    console.log('|---|---|---|---|---|---|');
    const ours = bestTimes(3, () => readFactTable(new Program(), { name: 'edge', text, file: 'edge.tsv', separator: '\t' }));
    const floor = bestTimes(3, () => {
      let cells = 0;
      for (const line of text.split('\n')) if (line) cells += line.split('\t').length;
      if (cells !== 2 * n) throw new Error('split floor: wrong count');
    });
    const row = (name: string, count: number, wall: number, cpu?: number) =>
      console.log(
        `| ${name} | ${count} | ${wall.toFixed(3)} | ${rate(count, wall)} | ${cpu === undefined ? '' : rate(count, cpu)} | ${(n / ours.wall / (count / wall)).toFixed(2)}× |`,
      );
    row('gramlog readFactTable', n, ours.wall, ours.cpu);
    row('native split (floor)', n, floor.wall, floor.cpu);
    const gringo = findGringo();
    if (gringo) {
      const args = gringo === 'clingo' ? (f: string) => ['--mode=gringo', '--text', f] : (f: string) => ['--text', f];
      row(`${gringo === 'clingo' ? 'clingo --mode=gringo' : 'gringo'} --text (ASP facts)`, peerN, processSeconds(gringo, args, join(dir, 'edge.lp'), join(dir, 'empty.lp'), 2));
    } else console.log('| gringo | not on PATH (apt-get install gringo) | | | | |');
    if (findSwipl()) {
      const args = (f: string) => ['-q', '-g', `load_files('${f}',[]),halt`];
      row('SWI-Prolog load_files (Prolog facts)', peerN, processSeconds('swipl', args, join(dir, 'edge.pl'), join(dir, 'empty.lp'), 2));
    } else console.log('| SWI-Prolog | not on PATH (apt-get install swi-prolog-nox) | | | | |');

    console.log(`\n## Memory on ${n} facts, end to end (child process, its peak RSS: VmHWM, else process.resourceUsage().maxRSS). Goal: ≤ 300 MB.`);
    console.log('| command | peak RSS | seconds |');
    console.log('|---|---|---|');
    const idle = spawnSync(process.execPath, ['--import', REPORT_RSS, '-e', ''], { encoding: 'utf8' });
    const idleMb = Number(/maxrss (\d+)/.exec(idle.stderr)?.[1] ?? NaN) / 1024;
    console.log(`| node doing nothing | ${idleMb.toFixed(0)} MB | |`);
    const runs: Array<[string, string[]]> = [
      [`gramlog query big.kif --goal '(self ?x)' (${n} KIF facts + 2 rules, ${n} facts derived)`, ['query', join(dir, 'big.kif'), '--goal', '(self ?x)']],
      [`gramlog query rules.kif --facts DIR --goal '(self ?x)' (${n} TSV tuples, same rules)`, ['query', join(dir, 'rules.kif'), '--facts', join(dir, 'facts'), '--goal', '(self ?x)']],
    ];
    for (const [name, args] of runs) {
      const r = gramlogChild(args);
      console.log(`| ${name} | ${r.ok ? `${r.mb.toFixed(0)} MB` : 'failed'} | ${r.secs.toFixed(1)} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFacts({ quick: process.argv.includes('--quick') });
