/**
 * clingo's randomised solving as a sampler: one answer set per sample, each
 * from its own `--seed` with `--rand-freq=1` (every decision random), the way
 * answer-set PCG (Smith & Mateas 2011) draws varied content. Two builds: the
 * `clingo` binary (Debian's package `gringo`), one process per sample, and
 * `clingo-wasm` (npm: clingo compiled to WebAssembly) in this process, when
 * it is installed (it is no dependency of gramlog: `npm install --no-save
 * clingo-wasm` to measure it).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { childrenCpu } from '../process-time.js';

export interface Samples {
  /** The shown atoms of each sample's answer set. */
  readonly models: ReadonlyArray<readonly string[]>;
  /** Seconds for all samples (per process: start-up included): CPU (user + system) where the platform tells, else wall. */
  readonly secs: number;
  /** Seconds before the first sample (clingo-wasm: loading the WebAssembly). */
  readonly setup?: number;
  readonly version: string;
}

/** The options of sample `seed`; `signs`: random signs too (`--sign-def=rnd`), not only random decisions. */
export const randomised = (seed: number, signs: boolean): string[] => ['--rand-freq=1', ...(signs ? ['--sign-def=rnd'] : []), `--seed=${seed}`];

/** The clingo binary on PATH, or undefined. */
export function findClingo(): string | undefined {
  const r = spawnSync('sh', ['-c', 'command -v clingo'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : undefined;
}

interface ClingoJson {
  Solver?: string;
  Result?: string;
  Call?: Array<{ Witnesses?: Array<{ Value: string[] }> }>;
}

function firstModel(out: ClingoJson, what: string): string[] {
  const model = out.Call?.[0]?.Witnesses?.[0]?.Value;
  if (!model) throw new Error(`${what}: no answer set (${out.Result ?? 'no result'})`);
  return model;
}

/** `n` samples of `file` from the clingo binary, seeds 1..n, one process each. */
export function clingoBinarySamples(clingo: string, file: string, n: number, signs = false): Samples {
  const models: string[][] = [];
  let version = '';
  const t = process.hrtime.bigint();
  const cpu = childrenCpu();
  for (let seed = 1; seed <= n; seed++) {
    // exit 10 or 30: an answer set found
    const r = spawnSync(clingo, [file, '-n', '1', '--outf=2', ...randomised(seed, signs)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const out = JSON.parse(r.stdout) as ClingoJson;
    version ||= out.Solver ?? 'clingo';
    models.push(firstModel(out, `clingo ${file} --seed=${seed}`));
  }
  const cpu2 = childrenCpu();
  return { models, secs: cpu !== undefined && cpu2 !== undefined ? cpu2 - cpu : Number(process.hrtime.bigint() - t) / 1e9, version };
}

interface ClingoWasm {
  init(): Promise<void>;
  run(program: string, models?: number, options?: string[]): Promise<ClingoJson & { Error?: string }>;
}

type RunSync = (program: string, models?: number, options?: string[]) => ClingoJson & { Error?: string };

/**
 * clingo-wasm, when installed and it loads, behind the one interface above.
 * Two APIs are known: 0.6 (Node >= 22; what the bench was written for) has a
 * default export with `init()` and an asynchronous `run`, solving in a worker;
 * 0.5 (what `npm install clingo-wasm` gives under Node 20) exports
 * `init(params)`, which resolves to a synchronous `run` in this thread.
 * Through a CommonJS-to-ESM loader (tsx) the 0.5 default export is `run`
 * itself, so the named exports are looked at on the module and its default.
 */
export async function loadClingoWasm(): Promise<ClingoWasm | undefined> {
  const name = 'clingo-wasm';
  let mod: Record<string, unknown>;
  try {
    mod = (await import(name)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const sides = [mod, mod.default].filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null);
  // 0.5: a Runner class, and init() resolving to a synchronous run
  const v05 = sides.find((x) => typeof x.Runner === 'function' && typeof x.init === 'function');
  if (v05) {
    const start = v05.init as () => Promise<RunSync>;
    let run: RunSync | undefined;
    return {
      async init() {
        // 0.5 prints "Initialize Clingo" on stdout (through a console.log it bound when loaded), where the bench prints its tables
        const write = process.stdout.write;
        process.stdout.write = (() => true) as typeof process.stdout.write;
        try {
          run ??= await start();
        } finally {
          process.stdout.write = write;
        }
      },
      run: (program, models, options) => {
        if (!run) return Promise.reject(new Error('clingo-wasm 0.5: run before init'));
        return Promise.resolve(run(program, models, options));
      },
    };
  }
  const v06 = sides.find((x) => typeof x.init === 'function' && typeof x.run === 'function');
  return v06 as ClingoWasm | undefined;
}

/** The installed clingo-wasm's version (package.json), for the bench's rows. */
export function clingoWasmVersion(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('clingo-wasm/package.json') as { version?: string }).version;
  } catch {
    return undefined;
  }
}

const WARM_UP = 100;

/** `n` samples of `program` from clingo-wasm, seeds 1..n, in this process (after WARM_UP samples not measured). */
export async function clingoWasmSamples(wasm: ClingoWasm, program: string, n: number, signs = false): Promise<Samples> {
  const t0 = process.hrtime.bigint();
  await wasm.init();
  const setup = Number(process.hrtime.bigint() - t0) / 1e9;
  // warm-up (the WebAssembly's tier-up), on seeds the measured samples do not use
  for (let seed = 1; seed <= WARM_UP; seed++) await wasm.run(program, 1, randomised(1_000_000 + seed, signs));
  const models: string[][] = [];
  let version = '';
  const t = process.cpuUsage(); // every thread of this process: the worker clingo-wasm solves in too
  for (let seed = 1; seed <= n; seed++) {
    const out = await wasm.run(program, 1, randomised(seed, signs));
    if (out.Error) throw new Error(`clingo-wasm --seed=${seed}: ${out.Error}`);
    version ||= `clingo-wasm ${clingoWasmVersion() ?? ''}, ${out.Solver ?? 'clingo'}`;
    models.push(firstModel(out, `clingo-wasm --seed=${seed}`));
  }
  const c = process.cpuUsage(t);
  return { models, secs: (c.user + c.system) / 1e6, setup, version };
}

/** How many answer sets `file` has (clingo -n 0), from the binary. */
export function countAnswerSets(clingo: string, file: string): number | undefined {
  const r = spawnSync(clingo, [file, '-n', '0', '-q', '--outf=2'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const out = JSON.parse(r.stdout) as { Models?: { Number?: number; More?: string } };
  return out.Models?.More === 'no' ? out.Models.Number : undefined;
}
