/**
 * `npm run corpus -- DIR [options]`: validate every GDL file under DIR.
 *
 * Files: `.kif` and `.gdl` under DIR (recursively), and `.txt` files that look
 * like GDL (a `(role` or `(<=` form). Each file is validated in a worker thread
 * with a per-file time limit (its search and random play stop at 40% of it,
 * so the results of large games depend on the machine's speed; the table says
 * whether each search was complete); a worker that runs over it is terminated and the
 * file gets the verdict `timeout`; a worker that dies (out of memory, a bug)
 * gives `crash`. Every file gets a verdict: ok, findings, timeout or crash.
 *
 * Writes a summary table (TSV, or Markdown when the file name ends in `.md`):
 * file, verdict, errors, warnings, findings by check, states searched, whether
 * the search was complete, milliseconds; to stdout, or to the file named by
 * `--out` (never to a file the user did not name). Optionally every file's
 * `validate --json` object (JSON Lines) with `--findings FILE`. Prints a short
 * summary (counts, slowest files) and progress to stderr. Rows are in path
 * order; the content is deterministic except the times.
 *
 * options:
 *   --out FILE        write the summary table to FILE (default: stdout; `-` is stdout)
 *   --findings FILE   also write each file's validate --json object (JSON Lines)
 *   --timeout SEC     per-file time limit in seconds (default 60)
 *   --jobs N          worker threads (default: the number of CPUs)
 *   --max-states N    state budget of each file's search (default as validate)
 *   --list FILE       validate only the paths listed in FILE (one per line, relative to DIR or absolute)
  --shard K/N       validate part K (0 to N-1) of N contiguous parts of the files, in sorted
                    order (e.g. --shard "$SLURM_ARRAY_TASK_ID/8"); the parts' tables without
                    their header lines, in order, are the rows of the whole run's table
 *
 * Exit codes: 0 every file got a verdict and none crashed, 1 some file crashed,
 * 2 usage error.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseShard, shardItems } from './parallel/shard.js';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ValidationJson } from '../gdl/validate/finding.js';
import { DEFAULT_MAX_STATES } from '../gdl/validate/search.js';

export const DEFAULT_TIMEOUT_SECONDS = 60;

export type Verdict = 'ok' | 'findings' | 'timeout' | 'crash';

export interface CorpusRow {
  file: string;
  verdict: Verdict;
  errors: number;
  warnings: number;
  /** `check:E` / `check:W` counts, e.g. `bases:2E inputs:1W`. */
  byCheck: string;
  states: number;
  complete: boolean;
  ms: number;
  /** For crashes: what happened. */
  note: string;
}

interface Job {
  file: string;
  maxStates: number;
  timeoutMs: number;
}

interface WorkerReply {
  json: ValidationJson;
  states: number;
  complete: boolean;
  ms: number;
}

/** GDL files under dir, sorted by path. */
export function findGameFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (/\.(kif|gdl)$/i.test(name)) out.push(full);
      else if (/\.txt$/i.test(name) && looksLikeGdl(readFileSync(full, 'utf8'))) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

function looksLikeGdl(text: string): boolean {
  return /\(\s*role\s/i.test(text) || /\(\s*<=\s/.test(text);
}

function countByCheck(json: ValidationJson): string {
  const counts = new Map<string, { e: number; w: number }>();
  for (const f of json.findings) {
    const c = counts.get(f.check) ?? { e: 0, w: 0 };
    if (f.severity === 'error') c.e++;
    else c.w++;
    counts.set(f.check, c);
  }
  return [...counts]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .flatMap(([check, c]) => [...(c.e ? [`${check}:${c.e}E`] : []), ...(c.w ? [`${check}:${c.w}W`] : [])])
    .join(' ');
}

/** Validate files in a pool of worker threads (see the module comment). */
export async function runCorpus(
  files: readonly string[],
  options: { jobs: number; timeoutMs: number; maxStates: number; onRow?: (row: CorpusRow, json: ValidationJson | undefined) => void },
): Promise<CorpusRow[]> {
  const rows: CorpusRow[] = new Array(files.length);
  let next = 0;
  const script = fileURLToPath(import.meta.url);
  const runOne = (file: string): Promise<{ row: CorpusRow; json: ValidationJson | undefined }> =>
    new Promise((resolve) => {
      const started = performance.now();
      const worker = new Worker(script, { workerData: { file, maxStates: options.maxStates, timeoutMs: options.timeoutMs } satisfies Job });
      let settled = false;
      const finish = (row: CorpusRow, json: ValidationJson | undefined): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve({ row, json });
      };
      const blank = { file, errors: 0, warnings: 0, byCheck: '', states: 0, complete: false, note: '' };
      const timer = setTimeout(() => {
        finish({ ...blank, verdict: 'timeout', ms: Math.round(performance.now() - started), note: `over ${options.timeoutMs / 1000} s` }, undefined);
      }, options.timeoutMs);
      worker.on('message', (reply: WorkerReply) => {
        const errors = reply.json.findings.filter((f) => f.severity === 'error').length;
        finish(
          {
            file,
            verdict: reply.json.ok ? 'ok' : 'findings',
            errors,
            warnings: reply.json.findings.length - errors,
            byCheck: countByCheck(reply.json),
            states: reply.states,
            complete: reply.complete,
            ms: Math.round(reply.ms),
            note: '',
          },
          reply.json,
        );
      });
      worker.on('error', (e: Error) => {
        finish({ ...blank, verdict: 'crash', ms: Math.round(performance.now() - started), note: oneLine(e.message) }, undefined);
      });
      worker.on('exit', (code) => {
        finish({ ...blank, verdict: 'crash', ms: Math.round(performance.now() - started), note: `worker exited with code ${code}` }, undefined);
      });
    });
  const lane = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      const { row, json } = await runOne(files[i] as string);
      rows[i] = row;
      options.onRow?.(row, json);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, files.length)) }, lane));
  return rows;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').slice(0, 200);
}

export function formatTable(rows: readonly CorpusRow[], base: string, markdown: boolean): string {
  const header = ['file', 'verdict', 'errors', 'warnings', 'findings by check', 'states', 'complete', 'ms', 'note'];
  const cells = rows.map((r) => [
    path.relative(base, r.file) || r.file,
    r.verdict,
    String(r.errors),
    String(r.warnings),
    r.byCheck,
    String(r.states),
    r.verdict === 'ok' || r.verdict === 'findings' ? (r.complete ? 'yes' : 'no') : '',
    String(r.ms),
    r.note,
  ]);
  if (!markdown) return [header, ...cells].map((c) => c.map((x) => x.replace(/[\t\n]/g, ' ')).join('\t')).join('\n') + '\n';
  const esc = (x: string) => x.replace(/\|/g, '\\|');
  return (
    [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`, ...cells.map((c) => `| ${c.map(esc).join(' | ')} |`)].join('\n') + '\n'
  );
}

export function formatSummary(rows: readonly CorpusRow[], base: string, seconds: number): string {
  const by = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
  const checks = new Map<string, number>();
  for (const r of rows) {
    for (const part of r.byCheck.split(' ')) {
      const m = /^(.+):\d+E$/.exec(part);
      if (m) checks.set(m[1] as string, (checks.get(m[1] as string) ?? 0) + 1);
    }
  }
  const slow = [...rows].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return [
    `${rows.length} files in ${seconds.toFixed(1)} s: ${by('ok')} ok, ${by('findings')} with findings, ${by('timeout')} timeouts, ${by('crash')} crashes`,
    checks.size > 0
      ? `files with errors, by check: ${[...checks].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c, n]) => `${c} ${n}`).join(', ')}`
      : 'no errors',
    `slowest: ${slow.map((r) => `${path.relative(base, r.file)} ${r.ms} ms${r.verdict === 'timeout' ? ' (timeout)' : ''}`).join('; ')}`,
  ].join('\n') + '\n';
}

const USAGE = `usage: npm run --silent corpus -- DIR [options]

Validates every GDL file under DIR (.kif, .gdl, and .txt files that look like GDL),
each in a worker thread with a time limit, and prints a summary table (TSV) of
every file's verdict (ok, findings, timeout, crash) to stdout; counts and the
slowest files go to stderr.

options:
  --out FILE        write the table to FILE instead of stdout (Markdown when FILE ends in .md; - is stdout)
  --findings FILE   also write each file's validate --json object to FILE (JSON Lines)
  --timeout SEC     per-file time limit in seconds (default ${DEFAULT_TIMEOUT_SECONDS})
  --jobs N          worker threads (default: the number of CPUs)
  --max-states N    state budget of each file's search (default ${DEFAULT_MAX_STATES})
  --list FILE       validate only the paths listed in FILE (one per line, relative to DIR or absolute)
  -h, --help        this text

exit codes: 0 every file got a verdict and none crashed, 1 some file crashed, 2 usage error

example: npm run --silent corpus -- ../shared/ggp-games --out corpus.tsv`;

function usage(message: string): never {
  process.stderr.write(`error: ${message}\n${USAGE.split('\n')[0]} (--help for more)\n`);
  process.exit(2);
}

function positiveInt(v: string | undefined, name: string, def: number): number {
  if (v === undefined) return def;
  if (!/^\d+$/.test(v) || Number(v) < 1) usage(`--${name} takes a positive whole number, not '${v}'`);
  return Number(v);
}

async function cli(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        findings: { type: 'string' },
        timeout: { type: 'string' },
        jobs: { type: 'string' },
        'max-states': { type: 'string' },
        list: { type: 'string' },
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    usage((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const dir = positionals[0];
  if (dir === undefined || positionals.length > 1) usage('give exactly one DIR');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) usage(`${dir} is not a directory`);
  const timeoutMs = positiveInt(values.timeout, 'timeout', DEFAULT_TIMEOUT_SECONDS) * 1000;
  const jobs = positiveInt(values.jobs, 'jobs', availableParallelism());
  const maxStates = positiveInt(values['max-states'], 'max-states', DEFAULT_MAX_STATES);
  let files = findGameFiles(dir);
  if (values.list !== undefined) {
    const listed = readFileSync(values.list, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0)
      .map((l) => (path.isAbsolute(l) ? l : path.join(dir, l)));
    const set = new Set(listed.map((f) => path.resolve(f)));
    files = files.filter((f) => set.has(path.resolve(f)));
  }
  if (values.shard !== undefined) {
    const shard = parseShard(values.shard);
    if (typeof shard === 'string') usage(shard);
    files = shardItems(shard, [...files].sort());
  }
  const out = values.out === undefined || values.out === '-' ? undefined : values.out;
  const jsonLines: string[] = new Array(files.length).fill('');
  const index = new Map(files.map((f, i) => [f, i]));
  const started = performance.now();
  let done = 0;
  const rows = await runCorpus(files, {
    jobs,
    timeoutMs,
    maxStates,
    onRow: (row, json) => {
      done++;
      if (process.stderr.isTTY) process.stderr.write(`\r${done}/${files.length} ${path.relative(dir, row.file).slice(-60).padEnd(60)}`);
      else if (done % 25 === 0) process.stderr.write(`${done}/${files.length} files\n`);
      jsonLines[index.get(row.file) as number] = JSON.stringify(
        json ?? { file: row.file, ok: false, findings: [{ check: row.verdict, severity: 'error', message: row.note }] },
      );
    },
  });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  const table = formatTable(rows, dir, out?.endsWith('.md') ?? false);
  try {
    if (out === undefined) await writeStdout(table);
    else writeFileSync(out, table);
    if (values.findings !== undefined) writeFileSync(values.findings, jsonLines.join('\n') + '\n');
  } catch (e) {
    process.stderr.write(`error: cannot write ${(e as NodeJS.ErrnoException).path ?? 'the table'}: ${(e as Error).message}\n`);
    return 2;
  }
  process.stderr.write(formatSummary(rows, dir, seconds));
  const wrote = [...(out !== undefined ? [`table: ${out}`] : []), ...(values.findings !== undefined ? [`findings: ${values.findings}`] : [])];
  if (wrote.length > 0) process.stderr.write(wrote.join('; ') + '\n');
  return rows.some((r) => r.verdict === 'crash') ? 1 : 0;
}

/** Write to stdout; a closed pipe (the reader went away) ends quietly. */
function writeStdout(text: string): Promise<void> {
  return new Promise((resolve) => {
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
    process.stdout.write(text, () => resolve());
  });
}

async function workerMain(job: Job): Promise<void> {
  const { validateGame, validationToJson } = await import('../gdl/validate/validate.js');
  const text = readFileSync(job.file, 'utf8');
  const t0 = performance.now();
  // Search and random play stop at 40% of the time limit, so that most files end with a verdict of their own
  // (what follows the search, and building a large state machine, take the rest on a loaded machine).
  const r = validateGame(text, { file: job.file, maxStates: job.maxStates, timeBudgetMs: job.timeoutMs * 0.4 });
  const reply: WorkerReply = { json: validationToJson(r), states: r.stats.states, complete: r.stats.complete, ms: performance.now() - t0 };
  parentPort?.postMessage(reply);
}

if (!isMainThread) {
  await workerMain(workerData as Job);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv.slice(2));
}
