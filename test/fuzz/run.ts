/**
 * The long fuzz run: `npm run fuzz -- --minutes N [--kind K]... [--seed S]
 * [--timeout SECONDS] [--memory MB]`. Draws cases of every input kind in
 * turn and runs each in a worker thread with a heap limit and a watchdog: a
 * case that breaks an invariant, hangs past the timeout or runs the worker
 * out of memory is saved under test/fuzz/found/ (see found.ts) for
 * found.test.ts to replay. Prints a summary; exits 1 when something was found.
 */
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { relative } from 'node:path';
import type { FuzzCase } from './harness.js';
import { KINDS } from './kinds/index.js';
import { saveCase } from './found.js';

function option(name: string): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) if (argv[i] === `--${name}` && argv[i + 1] !== undefined) out.push(argv[++i] as string);
  return out;
}

const minutes = Number(option('minutes')[0] ?? 1);
const kinds = option('kind').length ? option('kind') : Object.keys(KINDS);
for (const k of kinds) if (!KINDS[k]) throw new Error(`unknown kind ${k}; kinds: ${Object.keys(KINDS).join(', ')}`);
const seed0 = Number(option('seed')[0] ?? Date.now() % 2 ** 31);
const timeoutMs = Number(option('timeout')[0] ?? 20) * 1000;
const memoryMb = Number(option('memory')[0] ?? 2048);

interface Reply {
  ok: boolean;
  code?: number;
  ms?: number;
  broken: string[];
  stderr?: string;
}

class Runner {
  private worker: Worker | undefined;
  private start(): Worker {
    // a worker does not inherit `--import tsx/esm`: it registers tsx itself, then loads worker.ts
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((t) => { t.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`;
    this.worker = new Worker(boot, { eval: true, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    this.worker.unref();
    return this.worker;
  }
  run(c: FuzzCase): Promise<Reply> {
    const w = this.worker ?? this.start();
    return new Promise((resolve) => {
      const done = (r: Reply, restart: boolean): void => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        if (restart) {
          void w.terminate();
          this.worker = undefined;
        }
        resolve(r);
      };
      const onMessage = (r: Reply): void => done(r, false);
      const onError = (e: Error): void => done({ ok: false, broken: [`the worker died: ${e.message}`] }, true);
      const onExit = (code: number): void => done({ ok: false, broken: [`the worker exited with ${code} (out of memory?)`] }, true);
      const timer = setTimeout(() => done({ ok: false, broken: [`no answer within ${timeoutMs / 1000} s (a hang?)`] }, true), timeoutMs);
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage(c);
    });
  }
  stop(): void {
    void this.worker?.terminate();
  }
}

/** A failure's kind without its numbers and quoted text, so that one bug is saved a few times, not hundreds. */
function signature(kind: string, broken: string[]): string {
  return kind + ':' + broken.map((b) => `${b.split(':')[0] ?? ''} ${/(error|warning)\[[^\]]*\]/.exec(b)?.[0] ?? ''}`.replace(/\d+/g, 'N')).join('|');
}

const runner = new Runner();
const end = Date.now() + minutes * 60_000;
const perSignature = new Map<string, number>();
const counts: Record<string, { cases: number; failed: number; exit: number[] }> = {};
let n = 0;
let saved = 0;
console.log(`fuzzing ${kinds.join(', ')} for ${minutes} min, seed ${seed0}`);
while (Date.now() < end) {
  const kind = kinds[n % kinds.length] as string;
  const caseSeed = (seed0 + n) | 0;
  const [c] = fc.sample(KINDS[kind] as fc.Arbitrary<FuzzCase>, { seed: caseSeed, numRuns: 1 });
  n++;
  const r = await runner.run(c as FuzzCase);
  const k = (counts[kind] ??= { cases: 0, failed: 0, exit: [0, 0, 0, 0] });
  k.cases++;
  if (r.code !== undefined && r.code >= 0 && r.code <= 3) k.exit[r.code] = (k.exit[r.code] ?? 0) + 1;
  if (r.broken.length === 0) continue;
  k.failed++;
  const sig = signature(kind, r.broken);
  const seen = perSignature.get(sig) ?? 0;
  perSignature.set(sig, seen + 1);
  if (seen >= 2) continue;
  const dir = saveCase(c as FuzzCase, r.broken);
  saved++;
  console.log(`FOUND ${relative(process.cwd(), dir)} (seed ${caseSeed}): ${r.broken.join('; ').slice(0, 300)}`);
}
runner.stop();
console.log(`\n${n} cases in ${minutes} min; ${saved} saved under test/fuzz/found/`);
for (const [kind, k] of Object.entries(counts)) console.log(`  ${kind.padEnd(11)} ${String(k.cases).padStart(6)} cases, ${k.failed} failed; exit 0/1/2/3: ${k.exit.join('/')}`);
for (const [sig, count] of [...perSignature].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(5)} × ${sig.slice(0, 200)}`);
process.exit(saved > 0 ? 1 : 0);
