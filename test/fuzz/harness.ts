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
import { isMainThread } from 'node:worker_threads';
import { main } from '../../src/cli/main.js';
import { isGramlogError } from '../../src/errors.js';
import { fakeIo } from '../cli/fake-io.js';
import { readRepoFile } from '../helpers.js';
import { outputErrors } from '../json/schemas.js';
import { callApi, type ApiCall } from './api-calls.js';

export interface CliCase {
  kind: string;
  /** The command line after `gramlog`; files are named by their keys in `files`. */
  argv: string[];
  /** Input files by name (read before the repository's). */
  files: Record<string, string>;
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
  if (c.kind === 'api') return out;
  const cli = c as CliCase;
  const files = knownFiles(cli);
  const lines = o.stderr.split('\n');
  let located = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.includes('error[internal]')) out.push(`internal error: ${line.slice(0, 300)}`);
    const m = HEADER.exec(line);
    if (m) {
      located++;
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
