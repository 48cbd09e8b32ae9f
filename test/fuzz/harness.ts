/**
 * The fuzz harness: a case is a command line with its input files (or an API
 * call); running it in-process gives an outcome, and `violations` lists every
 * invariant of issue 20 the outcome breaks:
 *
 *   - no exception other than GramlogError / UsageError escapes (the CLI turns
 *     anything else into exit 3 and `error[internal]`)
 *   - the exit code is 0, 1 or 2
 *   - every error and warning is located (`FILE:LINE:COL: error[...]`) in a
 *     file of the case, at a line that file has; usage errors (exit 2) excepted
 *   - exit 1 says something (a finding or an error)
 *   - under `--json`, stdout is JSON lines only
 *   - Object.prototype (and Array.prototype, Function.prototype) is untouched
 *   - the case ends within its time bound
 *
 * Cases are plain JSON (saved under test/fuzz/found/ by run.ts and replayed by
 * found.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { XMLValidator } from 'fast-xml-parser';
import { main } from '../../src/cli/main.js';
import { isGramlogError } from '../../src/errors.js';
import { fakeIo } from '../cli/fake-io.js';
import { readRepoFile, repoRoot } from '../helpers.js';
import { outputErrors } from '../json/schemas.js';
import { callApi, type ApiCall } from './api-calls.js';

export interface CliCase {
  kind: string;
  /** The command line after `gramlog`; files are named by their keys in `files`. */
  argv: string[];
  /** Input files by name (read before the repository's). */
  files: Record<string, string>;
  /**
   * Run on disk (merge reads folders): the files are written to a fresh
   * folder, the command line's names are taken in it, and the case also
   * breaks a promise when it reads `outside.txt` or writes outside its folders.
   */
  disk?: boolean;
}

export interface ApiFuzzCase {
  kind: 'api';
  call: ApiCall;
}

export type FuzzCase = CliCase | ApiFuzzCase;

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** The process's CPU time over the case, in ms (user + system): set when the case ran on the main thread, the only thread then busy. */
  cpuMs?: number;
  /** An exception that escaped (API: one that is not a GramlogError). */
  thrown?: string;
  prototypeChanged?: string;
  /** Promises of the case's own kind it broke: files read or written outside its folders, requests not answered. */
  escaped?: string[];
}

/**
 * The time one case may take in the suite's fuzz tests (generous: the machine is shared).
 * A case breaks it when both its wall time and, where measured, its CPU time are over:
 * a case that spins is over on both, while a loaded machine (other processes, other
 * test files on the other cores) lengthens only the wall time. A case that waits for
 * ever without spinning is the test's timeout's to catch (and the fuzzer's watchdog's).
 */
export const CASE_MS = 15_000;

/** This process's CPU time so far, in ms. */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The CPU time since `c0` when on the main thread (in a worker thread, process.cpuUsage counts every thread's). */
function cpuSince(c0: number): { cpuMs?: number } {
  return isMainThread ? { cpuMs: cpuNow() - c0 } : {};
}

const PROTOTYPES: Array<[string, object]> = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

function snapshot(): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, proto] of PROTOTYPES) {
    for (const key of Reflect.ownKeys(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      out.set(`${name}.${String(key)}`, d ? (d.value ?? d.get) : undefined);
    }
  }
  return out;
}

const BEFORE = snapshot();

/** What changed on the built-in prototypes since the harness loaded, or undefined. */
export function prototypeChanges(): string | undefined {
  const now = snapshot();
  const changes: string[] = [];
  for (const [k, v] of now) if (!BEFORE.has(k) || BEFORE.get(k) !== v) changes.push(k);
  for (const k of BEFORE.keys()) if (!now.has(k)) changes.push(`${k} (deleted)`);
  return changes.length ? changes.join(', ') : undefined;
}

/** Put the prototypes back as they were, so that one bad case does not fail every later one. */
export function restorePrototypes(): void {
  for (const [name, proto] of PROTOTYPES) {
    for (const key of Reflect.ownKeys(proto)) {
      const k = `${name}.${String(key)}`;
      if (!BEFORE.has(k)) delete (proto as Record<string | symbol, unknown>)[key];
    }
  }
}


/** Run one case in this process. */
export async function runCase(c: FuzzCase): Promise<Outcome> {
  const t0 = performance.now();
  const c0 = cpuNow();
  if (c.kind === 'api') {
    const call = (c as ApiFuzzCase).call;
    let thrown: string | undefined;
    let code = 0;
    let stderr = '';
    try {
      await callApi(call);
    } catch (e) {
      if (isGramlogError(e)) {
        code = 1;
        stderr = `${e.span ? `${e.span.file}:${e.span.line}:${e.span.column}: ` : ''}error[${e.code}]: ${e.message}\n`;
      } else thrown = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    const prototypeChanged = prototypeChanges();
    if (prototypeChanged) restorePrototypes();
    return { code, stdout: '', stderr, ms: performance.now() - t0, ...cpuSince(c0), ...(thrown ? { thrown } : {}), ...(prototypeChanged ? { prototypeChanged } : {}) };
  }
  const cli = c as CliCase;
  if (cli.argv[0] === 'lsp') return runLsp(cli, t0);
  if (cli.disk) return runOnDisk(cli, t0, c0);
  const fake = fakeIo({ files: cli.files });
  let code: number;
  let thrown: string | undefined;
  try {
    code = await main(cli.argv, fake.io);
  } catch (e) {
    code = -1;
    thrown = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  const prototypeChanged = prototypeChanges();
  if (prototypeChanged) restorePrototypes();
  return {
    code,
    stdout: fake.stdout(),
    stderr: fake.stderr(),
    ms: performance.now() - t0,
    ...cpuSince(c0),
    ...(thrown ? { thrown } : {}),
    ...(prototypeChanged ? { prototypeChanged } : {}),
  };
}

/** Every file under `dir`, by its path inside it. */
function listFiles(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(dir, join(under, e.name)) : [join(under, e.name)]));
}

/** A case on disk: its files in a fresh folder, its names taken there, what it read or wrote outside checked. */
async function runOnDisk(cli: CliCase, t0: number, c0: number): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'gramlog-fuzz-'));
  try {
    for (const [name, text] of Object.entries(cli.files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const argv = cli.argv.map((a, i) => (i > 0 && !a.startsWith('-') ? join(dir, a) : a));
    const fake = fakeIo({ files: {} });
    let code: number;
    let thrown: string | undefined;
    try {
      code = await main(argv, fake.io);
    } catch (e) {
      code = -1;
      thrown = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    const prototypeChanged = prototypeChanges();
    if (prototypeChanged) restorePrototypes();
    const local = (t: string) => t.split(dir + sep).join('');
    const outIndex = cli.argv.indexOf('--out');
    const outDir = outIndex > 0 ? cli.argv[outIndex + 1] : undefined;
    const escaped = listFiles(dir).filter((f) => !(f in cli.files) && !(outDir !== undefined && f.startsWith(outDir + sep)));
    const stdout = local(fake.stdout());
    return {
      code,
      stdout,
      stderr: local(fake.stderr()),
      ms: performance.now() - t0,
      ...cpuSince(c0),
      ...(thrown ? { thrown } : {}),
      ...(prototypeChanged ? { prototypeChanged } : {}),
      ...(escaped.length > 0 || stdout.includes('SECRET-OUTSIDE') ? { escaped: [...escaped.map((f) => `wrote ${f}`), ...(stdout.includes('SECRET-OUTSIDE') ? ['printed outside.txt'] : [])] } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The built `gramlog lsp --stdio` fed the case's stdin: which requests it answered, how it ended. */
function runLsp(cli: CliCase, t0: number): Promise<Outcome> {
  const want = JSON.parse(cli.files['requests.json'] ?? '[]') as number[];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin', 'gramlog.js'), 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = Buffer.alloc(0);
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out = Buffer.concat([out, b])));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdin.on('error', () => undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), CASE_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const answered = new Set<unknown>();
      for (const m of out.toString('utf8').matchAll(/Content-Length: \d+\r\n\r\n(\{.*?\})(?=Content-Length|$)/gs)) {
        try {
          const msg = JSON.parse(m[1] as string) as { id?: unknown; method?: unknown };
          if (msg.method === undefined) answered.add(msg.id);
        } catch {
          /* a body the pattern cut wrongly: its id is looked for below */
        }
      }
      const missing = want.filter((id) => !answered.has(id));
      resolve({
        code: signal ? -1 : (code ?? -1),
        stdout: '',
        stderr: err,
        ms: performance.now() - t0,
        ...(missing.length > 0 ? { escaped: [`no answer to request${missing.length > 1 ? 's' : ''} ${missing.join(', ')}${signal ? ` (killed after ${CASE_MS} ms)` : ''}`] } : {}),
        ...(/\n\s+at |ConnectionError|TypeError/.test(err) ? { thrown: `a stack trace on stderr: ${err.slice(0, 300)}` } : {}),
      });
    });
    child.stdin.end(cli.files['stdin'] ?? '');
  });
}

/** SVG and GraphML on stdout must parse as XML, and an SVG holds no link (issue 35). */
function xmlBroken(cli: CliCase, o: Outcome): string[] {
  const format = cli.argv[cli.argv.indexOf('--format') + 1];
  if (o.code !== 0 || (format !== 'svg' && format !== 'graphml') || !cli.argv.includes('--format')) return [];
  const out: string[] = [];
  const valid = XMLValidator.validate(o.stdout);
  if (valid !== true) out.push(`--format ${format} is not well-formed XML: ${JSON.stringify(valid.err).slice(0, 200)}`);
  // a label's text may say anything; a link is an element or attribute Graphviz writes for URL, href ...
  if (format === 'svg' && /<a[\s>]|xlink:href|\shref=|\starget=/i.test(o.stdout)) out.push('--format svg holds a link');
  return out;
}

const HEADER = /^(.+?):(\d+):(\d+): (error|warning)\[([^\]]+)\]: /;

function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The files a case may name in its messages: its own, and the repository files on its command line. */
function knownFiles(c: CliCase): Map<string, string> {
  const out = new Map<string, string>(Object.entries(c.files));
  for (const a of c.argv) {
    for (const part of a.split(/[=:]/)) {
      if (out.has(part) || !/\.(kif|gdl|bp|json)$/.test(part)) continue;
      try {
        out.set(part, readRepoFile(part));
      } catch {
        /* not a repository file */
      }
    }
  }
  return out;
}

/** Every invariant the outcome breaks (empty: the case is fine). */
export function violations(c: FuzzCase, o: Outcome, timeMs = CASE_MS): string[] {
  const out: string[] = [];
  if (o.thrown) out.push(`an exception escaped: ${o.thrown}`);
  if (o.prototypeChanged) out.push(`built-in prototypes changed: ${o.prototypeChanged}`);
  if (o.ms > timeMs && (o.cpuMs === undefined || o.cpuMs > timeMs)) {
    out.push(`took ${Math.round(o.ms)} ms${o.cpuMs === undefined ? '' : ` (${Math.round(o.cpuMs)} ms of CPU)`} (bound ${timeMs} ms)`);
  }
  if (![0, 1, 2].includes(o.code)) out.push(`exit code ${o.code}`);
  out.push(...(o.escaped ?? []));
  if (c.kind === 'api') return out;
  const cli = c as CliCase;
  if (cli.argv[0] === 'lsp') {
    if (o.code !== 0) out.push(`the session ended with exit ${o.code}, not 0`);
    return out;
  }
  out.push(...xmlBroken(cli, o));
  const files = knownFiles(cli);
  const lines = o.stderr.split('\n');
  let located = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.includes('error[internal]')) out.push(`internal error: ${line.slice(0, 300)}`);
    const m = HEADER.exec(line);
    if (m) {
      located++;
      // the source line and caret shown under it are the file's text, whatever they look like (a manifest holds messages)
      if (/^\s*\^~*$/.test(lines[i + 2] ?? '')) i += 2;
      const [, file, ln] = m;
      const text = files.get(file as string);
      if (text === undefined && file !== '<stdin>') out.push(`a message points into '${file}', not a file of the case: ${line.slice(0, 300)}`);
      else if (text !== undefined && Number(ln) > lineCount(text)) out.push(`a message points at line ${ln} of ${file}, which has ${lineCount(text)}: ${line.slice(0, 300)}`);
      continue;
    }
    // an error or warning header without a place (usage errors start with `error: `, exit 2)
    if (/^(error|warning)\[[^\]]+\]: /.test(line) && o.code !== 2) out.push(`a message without file:line:col: ${line.slice(0, 300)}`);
    // a message about a command-line argument (`--goal y: ...`) names the file but has no place in it
    if (/^[^\s:][^:]*: (error|warning)\[[^\]]+\]: (?!--)/.test(line) && o.code !== 2) out.push(`a message without line:col: ${line.slice(0, 300)}`);
  }
  if (o.code === 1 && located === 0 && o.stdout.trim() === '' && o.stderr.trim() === '') out.push('exit 1 with nothing printed');
  const help = cli.argv.includes('--help') || cli.argv.includes('-h');
  if (cli.argv.includes('--json') && !help && (o.code === 0 || o.code === 1)) {
    for (const line of o.stdout.split('\n')) {
      if (line.trim() === '') continue;
      try {
        JSON.parse(line);
      } catch {
        out.push(`stdout under --json has a line that is not JSON: ${line.slice(0, 200)}`);
        break;
      }
      // every --json line is an object, "format" first, of the shape its schema (schemas/) gives;
      // --count-only prints a plain count, with or without --json
      const wrong = cli.argv.includes('--count-only') ? [] : outputErrors(line);
      if (wrong.length > 0) {
        out.push(`stdout under --json has a line its schema refuses (${wrong.slice(0, 3).join('; ')}): ${line.slice(0, 200)}`);
        break;
      }
    }
  }
  return out;
}

/** Run a case and list what it breaks. */
export async function check(c: FuzzCase, timeMs = CASE_MS): Promise<{ outcome: Outcome; broken: string[] }> {
  const outcome = await runCase(c);
  return { outcome, broken: violations(c, outcome, timeMs) };
}
