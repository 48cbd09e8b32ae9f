/**
 * Issue 25's "simulate plays every corpus game that validate calls valid",
 * checked over the corpus with the built CLI (`npm run build` first): for
 * every distinct game of ../shared/ggp-games (MANIFEST.csv rows without
 * dup_of), `gramlog validate FILE --json --time-budget S`, and when it calls
 * the game valid, `gramlog simulate FILE -n 2 --max-depth 200 --jobs 1 --json`.
 * A game disagrees when validate calls it valid and simulate does not end
 * with exit 0; a process that runs past the kill limit is listed as such
 * (slow, not a refusal).
 *
 * Run: `node --import tsx/esm test/bench/corpus-valid-plays.ts [--jobs=2]
 * [--time-budget=4] [--kill=120] [--jsonl=FILE]` (a rerun with the same
 * --jsonl skips the games already there). Prints one line per game and the
 * disagreements at the end.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { corpusGames } from './gdl-ggp-base.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const shared = path.resolve(repoRoot, '../shared/ggp-games');
const cli = path.join(repoRoot, 'bin/gramlog.js');
const arg = (name: string, d: string): string => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? d;

interface Run {
  code: number | null;
  out: string;
  err: string;
  killed: boolean;
  seconds: number;
}

function run(args: string[], killSeconds: number): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, killSeconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, err, killed, seconds: (performance.now() - t0) / 1000 });
    });
  });
}

interface Row {
  rel: string;
  valid: boolean | 'killed' | 'error';
  simulate?: 'ok' | 'killed' | string;
  validateSeconds: number;
  simulateSeconds?: number;
}

async function check(rel: string, budget: string, kill: number): Promise<Row> {
  const file = path.join(shared, rel);
  const v = await run(['validate', file, '--json', '--time-budget', budget], kill);
  let valid: Row['valid'];
  if (v.killed) valid = 'killed';
  else {
    try {
      valid = (JSON.parse(v.out.trim().split('\n')[0] ?? '') as { ok: boolean }).ok;
    } catch {
      valid = 'error';
    }
  }
  const row: Row = { rel, valid, validateSeconds: v.seconds };
  if (valid !== true) return row;
  const s = await run(['simulate', file, '-n', '2', '--max-depth', '200', '--jobs', '1', '--json'], kill);
  row.simulateSeconds = s.seconds;
  row.simulate = s.killed ? 'killed' : s.code === 0 ? 'ok' : `exit ${s.code}: ${s.err.trim().split('\n')[0]?.slice(0, 200)}`;
  return row;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(shared, 'MANIFEST.csv'))) {
    console.log(`skipped: ${shared} is absent`);
    return;
  }
  const jobs = Number(arg('jobs', '2'));
  const budget = arg('time-budget', '4');
  const kill = Number(arg('kill', '120'));
  const jsonl = arg('jsonl', '');
  const done = new Set<string>(
    jsonl && existsSync(jsonl) ? readFileSync(jsonl, 'utf8').trim().split('\n').filter((l) => l).map((l) => (JSON.parse(l) as Row).rel) : [],
  );
  const games = corpusGames().filter((g) => !done.has(g));
  const rows: Row[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      const rel = games[i];
      if (rel === undefined) return;
      const row = await check(rel, budget, kill);
      rows.push(row);
      if (jsonl) appendFileSync(jsonl, `${JSON.stringify(row)}\n`);
      console.log(`${rel}\tvalid ${row.valid}\t${row.simulate ?? ''}\t${row.validateSeconds.toFixed(1)} s${row.simulateSeconds !== undefined ? ` + ${row.simulateSeconds.toFixed(1)} s` : ''}`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const all = jsonl && existsSync(jsonl) ? readFileSync(jsonl, 'utf8').trim().split('\n').filter((l) => l).map((l) => JSON.parse(l) as Row) : rows;
  const valid = all.filter((r) => r.valid === true);
  const disagree = valid.filter((r) => r.simulate !== 'ok' && r.simulate !== 'killed');
  const slow = valid.filter((r) => r.simulate === 'killed');
  console.log(`\n${all.length} games: ${valid.length} valid, simulate played ${valid.filter((r) => r.simulate === 'ok').length} of them; ${disagree.length} refused; ${slow.length} past the ${kill} s kill limit; validate past it on ${all.filter((r) => r.valid === 'killed').length}`);
  for (const r of disagree) console.log(`refused: ${r.rel}: ${r.simulate}`);
  for (const r of slow) console.log(`slow: ${r.rel}`);
}

await main();
