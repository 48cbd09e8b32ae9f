/**
 * Part 1 of the --satisfy bench: one example's whole process over seeds
 * 1..N, plain and with --satisfy (`--jobs 1`, best of `repeat`), and the
 * methods of its artifacts.
 */
import { resolve } from 'node:path';
import { timedRun } from '../process-time.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface SatisfyRun {
  name: string;
  count: number;
  /** Plain: artifacts printed without a violation. */
  plainGood: number;
  /** Plain: seeds with a violation, or no artifact (a failed generation). */
  plainBad: number;
  plain: { wall: number; cpu?: number };
  satisfy: { wall: number; cpu?: number; exit: number | null; printed: number; violating: number; methods: Record<string, number>; maxDraws: number };
  /** The --satisfy run's JSON lines. */
  lines: string[];
}

function gramlog(args: readonly string[], count: number, satisfy: boolean, repeat: number): ReturnType<typeof timedRun> {
  const cli = resolve(repoRoot, 'bin/gramlog.js');
  const all = [cli, ...args, '--seed', '1', '--count', String(count), '--json', '--jobs', '1', ...(satisfy ? ['--satisfy'] : [])];
  return timedRun(process.execPath, all, repeat);
}

export const jsonLines = (stdout: string): string[] => stdout.split('\n').filter((l) => l.startsWith('{'));

/** Part 1 for one example: plain and --satisfy over seeds 1..count, whole process. */
export function runExample(name: string, args: readonly string[], count: number, repeat: number): SatisfyRun {
  const plain = gramlog(args, count, false, repeat);
  const plainLines = jsonLines(plain.result.stdout);
  const plainGood = plainLines.filter((l) => !l.includes('"violations"')).length;
  const sat = gramlog(args, count, true, repeat);
  const lines = jsonLines(sat.result.stdout);
  const methods: Record<string, number> = {};
  let maxDraws = 1;
  for (const line of lines) {
    const how = (JSON.parse(line) as { satisfy?: { method: string; draws: number } }).satisfy ?? { method: 'plain', draws: 1 };
    methods[how.method] = (methods[how.method] ?? 0) + 1;
    maxDraws = Math.max(maxDraws, how.draws);
  }
  return {
    name,
    count,
    plainGood,
    plainBad: count - plainGood,
    plain: { wall: plain.secs, ...(plain.cpu !== undefined ? { cpu: plain.cpu } : {}) },
    satisfy: {
      wall: sat.secs,
      ...(sat.cpu !== undefined ? { cpu: sat.cpu } : {}),
      exit: sat.result.status,
      printed: lines.length,
      violating: lines.filter((l) => l.includes('"violations"')).length,
      methods,
      maxDraws,
    },
    lines,
  };
}

const ms = (secs: number, n: number): string => (n > 0 ? ((secs / n) * 1000).toFixed(2) : '-');
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`;

export function printRuns(runs: readonly SatisfyRun[]): void {
  console.log('| file | plain: seeds violating or failed | --satisfy: exit, artifacts, violating | methods (plain = the seed\'s own draw) | most draws | plain ms/artifact (CPU) | plain ms/satisfying artifact (CPU) | --satisfy ms/artifact (CPU) | --satisfy/plain per artifact, CPU (wall) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const pc = r.plain.cpu ?? r.plain.wall;
    const sc = r.satisfy.cpu ?? r.satisfy.wall;
    const methods = Object.entries(r.satisfy.methods)
      .sort()
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    console.log(
      `| ${r.name} | ${r.plainBad}/${r.count} | ${String(r.satisfy.exit)}, ${r.satisfy.printed}, ${r.satisfy.violating} | ${methods} | ${r.satisfy.maxDraws} | ${ms(pc, r.count)} | ${ms(pc, r.plainGood)} | ${ms(sc, r.satisfy.printed)} | ${ratio(sc / Math.max(1, r.satisfy.printed), pc / r.count)} (${ratio(r.satisfy.wall / Math.max(1, r.satisfy.printed), r.plain.wall / r.count)}) |`,
    );
  }
}
