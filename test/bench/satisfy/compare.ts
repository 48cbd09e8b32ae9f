/**
 * Samplers side by side: each one's CPU time per sample and its total
 * variation from a reference distribution, feature by feature, beside the
 * floor (what an exact sampler of as many samples shows from noise alone).
 */
import { clingoBinarySamples, clingoWasmSamples, findClingo, loadClingoWasm, type Samples } from './clingo-sampler.js';
import { readFileSync } from 'node:fs';
import { empirical, noiseFloor, totalVariation } from './distance.js';
import type { SatisfyRun } from './runs.js';

export interface Feature<T> {
  readonly name: string;
  readonly key: (item: T) => string;
}

export interface Sampled<T> {
  readonly name: string;
  /** The samples, or undefined with `missing` saying why. */
  readonly items?: readonly T[];
  /** CPU seconds for all samples. */
  readonly secs?: number;
  /** Seconds before the first sample (loading). */
  readonly setup?: number;
  readonly missing?: string;
}

/** The clingo samplers of `lp` (binary and clingo-wasm; random decisions, then random signs too), `n` samples each, as answer sets' atoms. */
async function clingoSamplers(lp: string, program: string, n: number): Promise<Array<Sampled<readonly string[]>>> {
  const clingo = findClingo();
  const wasm = await loadClingoWasm();
  const out: Array<Sampled<readonly string[]>> = [];
  const of = (name: string, s: Samples): Sampled<readonly string[]> => ({ name: `${name} (${s.version})`, items: s.models, secs: s.secs, ...(s.setup !== undefined ? { setup: s.setup } : {}) });
  for (const signs of [false, true]) {
    const how = `--rand-freq=1${signs ? ' --sign-def=rnd' : ''} --seed=S`;
    const binary = `clingo binary, ${how}, a process per sample`;
    out.push(clingo ? of(binary, clingoBinarySamples(clingo, lp, n, signs)) : { name: binary, missing: 'not on PATH (apt-get install gringo)' });
    const inProcess = `clingo-wasm, ${how}, in this process`;
    if (!wasm) out.push({ name: inProcess, missing: 'not installed (npm install --no-save clingo-wasm)' });
    else {
      try {
        out.push(of(inProcess, await clingoWasmSamples(wasm, program, n, signs)));
      } catch (e) {
        out.push({ name: inProcess, missing: `fails here: ${String(e)}` });
      }
    }
  }
  return out;
}

/**
 * gramlog --satisfy's first `n` artifacts of `run` (read by `fromJson`, its
 * time the run's CPU share) and clingo's samplers of `lp` (read by `fromAtoms`).
 */
export async function samplersOf<T>(run: SatisfyRun, n: number, lp: string, fromJson: (line: string) => T, fromAtoms: (atoms: readonly string[]) => T): Promise<Array<Sampled<T>>> {
  const lines = run.lines.slice(0, n);
  const gramlog: Sampled<T> = {
    name: `gramlog --satisfy, whole process over ${run.count} seeds`,
    items: lines.map(fromJson),
    secs: (run.satisfy.cpu ?? run.satisfy.wall) * (lines.length / Math.max(1, run.satisfy.printed)),
  };
  const clingos = await clingoSamplers(lp, readFileSync(lp, 'utf8'), n);
  return [gramlog, ...clingos.map((s) => mapItems(s, fromAtoms))];
}

const fixed = (x: number): string => x.toFixed(3);

/** The table: per sampler, CPU ms per sample, its ratio to the first sampler's, and per feature the total variation from `reference`. */
export function printComparison<T>(samplers: ReadonlyArray<Sampled<T>>, features: ReadonlyArray<Feature<T>>, reference: ReadonlyArray<ReadonlyMap<string, number>>, floorLabel: string): void {
  const n = Math.min(...samplers.flatMap((s) => (s.items ? [s.items.length] : [])));
  console.log(`| sampler | CPU ms per sample | / the first | ${features.map((f) => f.name).join(' | ')} |`);
  console.log(`|---|---|---|${features.map(() => '---|').join('')}`);
  console.log(`| ${floorLabel} | - | - | ${reference.map((d) => fixed(noiseFloor(d, n))).join(' | ')} |`);
  const first = samplers[0];
  const perSample = (s: Sampled<T>): number => (s.secs ?? 0) / Math.max(1, s.items?.length ?? 0);
  for (const s of samplers) {
    if (!s.items) {
      console.log(`| ${s.name}: ${s.missing ?? 'missing'} | - | - | ${features.map(() => '-').join(' | ')} |`);
      continue;
    }
    const items = s.items.slice(0, n);
    const tv = features.map((f, i) => fixed(totalVariation(empirical(items.map(f.key)), reference[i] as ReadonlyMap<string, number>)));
    const setup = s.setup !== undefined ? ` (+ ${(s.setup * 1000).toFixed(0)} ms to load)` : '';
    const ratio = first ? `${(perSample(s) / perSample(first)).toFixed(2)}x` : '-';
    console.log(`| ${s.name} | ${(perSample(s) * 1000).toFixed(2)}${setup} | ${ratio} | ${tv.join(' | ')} |`);
  }
}

/** The same sampler with its samples read by `f` (e.g. answer sets as menus). */
export function mapItems<A, B>(s: Sampled<A>, f: (item: A) => B): Sampled<B> {
  const { items, ...rest } = s;
  return items ? { ...rest, items: items.map(f) } : rest;
}
