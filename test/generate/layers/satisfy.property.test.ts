/**
 * --satisfy on layer files against exhaustive enumeration: over random small
 * layer files (2-3 layers of 2-4 sites, random chances, masks, bounds and
 * violation rules), either every seed gets an artifact that derives no
 * violation, or the file is reported unsatisfiable with a core of bounds and
 * violation rules that is itself unsatisfiable and minimal; enumerating every
 * outcome (every placement each layer's mask, chances and bounds allow, layer
 * by layer) agrees with the verdict. And the total variation between
 * --satisfy and exact rejection sampling on a small file, computed exactly.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GramlogError } from '../../../src/errors.js';
import type { InjectedFact } from '../../../src/engine/evaluate.js';
import { layersStyle } from '../../../src/generate/layers/style.js';
import type { LayerGrammar } from '../../../src/generate/layers/prepare.js';
import { modelWith } from '../../../src/generate/layers/search.js';
import { readLayerState } from '../../../src/generate/layers/vocabulary.js';
import { violationsOf } from '../../../src/generate/violations.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import { unsatisfiable } from '../satisfy/unsat.js';

interface LayerSpec {
  chance: number;
  /** none, or allowed only where layer `of` (an earlier one) placed (`on`) or did not place (`off`) the same site */
  mask: { of: number; on: boolean } | undefined;
  between: [number, number] | undefined;
}
interface Spec {
  sites: number;
  layers: LayerSpec[];
  /** Each a conjunction: (layer, site or 'any' shared by the literals, placed or not). */
  violations: Array<Array<{ layer: number; site: number | 'any'; on: boolean }>>;
}

const NAMES = ['a', 'b', 'c'];

/** The file as lines: the generator first, then one line per constraint (bounds, then violation rules). */
function fileOf(spec: Spec): { generator: string[]; constraints: string[] } {
  const generator = Array.from({ length: spec.sites }, (_, i) => `(cell s${i})`);
  generator.push('(<= (site ?l ?k) (layer ?l ?o) (cell ?k))');
  const constraints: string[] = [];
  spec.layers.forEach((l, i) => {
    const n = NAMES[i] as string;
    generator.push(`(layer ${n} ${i + 1})`, `(chance ${n} ${l.chance})`);
    if (l.mask) generator.push(`(<= (allow ${n} ?k) (cell ?k) ${l.mask.on ? '' : '(not '}(placed ${NAMES[l.mask.of]} ?k)${l.mask.on ? '' : ')'})`);
    if (l.between) constraints.push(`(between ${n} ${l.between[0]} ${l.between[1]})`);
  });
  spec.violations.forEach((conj, j) => {
    const lits = conj.map((x) => {
      const atom = `(placed ${NAMES[x.layer]} ${x.site === 'any' ? '?k' : `s${x.site}`})`;
      return x.on ? atom : `(not ${atom})`;
    });
    // a variable must be bound by a positive literal
    if (conj.some((x) => x.site === 'any')) lits.unshift('(cell ?k)');
    constraints.push(`(<= (violation v${j}) ${lits.join(' ')})`);
  });
  return { generator, constraints };
}

function compile(text: string): LayerGrammar {
  const c = layersStyle.compile([{ file: 'f.gdl', text }], {});
  if (!c.grammar) throw new Error(`${text}\n${c.diagnostics.map((d) => d.message).join('\n')}`);
  return c.grammar;
}

/**
 * Every outcome generation can produce, layer by layer, with its probability
 * under plain generation when no layer has bounds (redraws make it harder to
 * state); `ok`: it derives no violation and holds every bound.
 */
function outcomes(g: LayerGrammar): Array<{ facts: InjectedFact[]; p: number; ok: boolean }> {
  const out: Array<{ facts: InjectedFact[]; p: number; ok: boolean }> = [];
  const walk = (i: number, facts: InjectedFact[], p: number) => {
    const model = modelWith(g, facts);
    if (i === g.layers.length) {
      out.push({ facts, p, ok: violationsOf(model).facts.length === 0 });
      return;
    }
    const decl = g.layers[i]!;
    const state = readLayerState(g.program, model, decl);
    const free = state.sites.filter((s) => state.allowed.has(s));
    for (let mask = 0; mask < 1 << free.length; mask++) {
      const placed = free.filter((_, j) => mask & (1 << j));
      let q = p;
      for (const s of free) {
        const c = state.prob.get(s) ?? 0;
        q *= placed.includes(s) ? c : 1 - c;
      }
      if (q === 0) continue;
      const b = decl.between;
      if (b && state.groups.some((grp) => { const n = grp.sites.filter((s) => placed.includes(s)).length; return n < b.min || n > b.max; })) continue;
      walk(i + 1, [...facts, ...placed.map((k) => ({ rel: g.placedRel, tuple: [decl.id, k] }))], q);
    }
  };
  walk(0, [], 1);
  return out;
}

const satisfiable = (text: string) => outcomes(compile(text)).some((o) => o.ok);

const specArb: fc.Arbitrary<Spec> = fc.integer({ min: 2, max: 4 }).chain((sites) =>
  fc.integer({ min: 2, max: 3 }).chain((n) =>
    fc.record({
      sites: fc.constant(sites),
      layers: fc.tuple(
        ...Array.from({ length: n }, (_, i) =>
          fc.record({
            chance: fc.constantFrom(0, 0.3, 0.5, 1),
            mask: i === 0 ? fc.constant(undefined) : fc.option(fc.record({ of: fc.integer({ min: 0, max: i - 1 }), on: fc.boolean() }), { nil: undefined }),
            between: fc.option(
              fc.tuple(fc.integer({ min: 0, max: sites }), fc.integer({ min: 0, max: sites })).map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as [number, number]),
              { nil: undefined },
            ),
          }),
        ),
      ),
      violations: fc.array(
        fc.array(fc.record({ layer: fc.integer({ min: 0, max: n - 1 }), site: fc.oneof(fc.integer({ min: 0, max: sites - 1 }), fc.constant('any' as const)), on: fc.boolean() }), { minLength: 1, maxLength: 2 }),
        { maxLength: 3 },
      ),
    }),
  ),
);

describe('--satisfy on random small layer files', () => {
  it('agrees with exhaustive enumeration: every seed satisfied, or a minimal unsatisfiable core', () => {
    const verdicts = { sat: 0, unsat: 0, solver: 0 };
    fc.assert(
      fc.property(specArb, (spec) => {
        const { generator, constraints } = fileOf(spec);
        const text = [...generator, ...constraints].join('\n') + '\n';
        const sources = [{ file: 'f.gdl', text }];
        const compiled = layersStyle.compile(sources, {});
        // a file whose layers can fail whatever happens (a bound no draw meets) is no question for --satisfy's core
        if (!compiled.grammar) return;
        const sat = satisfiable(text);
        verdicts[sat ? 'sat' : 'unsat']++;
        // one exact draw only, so the solver does the work
        const satisfier = new Satisfier(layersStyle, compiled.grammar, {}, { draws: 1 }, { sources, compileOptions: {}, compiled });
        if (sat) {
          for (let seed = 0; seed < 3; seed++) {
            const got = satisfier.one(seed);
            expect(layersStyle.violations(got.artifact as never).facts).toEqual([]);
            if (got.how.method === 'solver') verdicts.solver++;
          }
          return;
        }
        const error = unsatisfiable(satisfier);
        const core = (error as GramlogError).diagnostics.filter((d) => d.span).map((d) => constraints[(d.span?.line as number) - generator.length - 1] as string);
        if (core.length === 0) {
          // no constraint at all is to blame: the generator alone never gets through
          expect(error?.message).toMatch(/no artifact can be generated at all/);
          return;
        }
        const withOnly = (kept: readonly string[]) => [...generator, ...kept].join('\n') + '\n';
        expect(satisfiable(withOnly(core))).toBe(false);
        for (const c of core) expect(satisfiable(withOnly(core.filter((x) => x !== c)))).toBe(true);
      }),
      { numRuns: 60, seed: 31 },
    );
    expect(verdicts.sat).toBeGreaterThan(10);
    expect(verdicts.unsat).toBeGreaterThan(3);
    expect(verdicts.solver).toBeGreaterThan(5);
  }, 240_000);
});

/** Two layers of three sites: no site in both, and b must hold s0 (about 1 plain draw in 7 satisfies). */
const TV_FILE = readFileSync('test/generate/satisfy/layers-small.gdl', 'utf8');

/** Total variation between --satisfy over seeds 0..n-1 (with `draws` exact draws) and the exact conditional distribution. */
function satisfyTv(draws: number, n: number): { tv: number; solver: number } {
  const sources = [{ file: 'tv.gdl', text: TV_FILE }];
  const compiled = layersStyle.compile(sources, {});
  const g = compiled.grammar as LayerGrammar;
  const all = outcomes(g).filter((o) => o.ok);
  const total = all.reduce((s, o) => s + o.p, 0);
  const key = (placed: readonly string[]) => placed.join(' ');
  const exact = new Map(all.map((o) => [key(o.facts.map((f) => `${g.layers.find((l) => l.id === f.tuple[0])?.name}:${g.program.terms.print(f.tuple[1] as number)}`)), o.p / total]));
  const satisfier = new Satisfier(layersStyle, g, {}, { draws }, { sources, compileOptions: {}, compiled });
  const counts = new Map<string, number>();
  let solver = 0;
  for (let seed = 0; seed < n; seed++) {
    const got = satisfier.one(seed);
    if (got.how.method === 'solver') solver++;
    const a = got.artifact as ReturnType<typeof layersStyle.generate>;
    const k = key(a.layers.flatMap((l) => l.placed.map((s) => `${l.name}:${s}`)));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let tv = 0;
  for (const k of new Set([...exact.keys(), ...counts.keys()])) tv += Math.abs((counts.get(k) ?? 0) / n - (exact.get(k) ?? 0));
  return { tv: tv / 2, solver };
}

describe('--satisfy on a layer file against exact rejection sampling', () => {
  it('stays within sampling noise of the conditional distribution with exact redraws; the solver alone is measurably off', () => {
    // 8 outcomes satisfy; with 1500 seeds the sampling noise alone gives a total variation of about 0.03
    const redraws = satisfyTv(32, 1500);
    const steered = satisfyTv(1, 1500);
    expect(redraws.tv).toBeLessThan(0.05);
    expect(steered.solver).toBeGreaterThan(1000);
    // steering keeps every outcome possible but moves mass toward what is close to the draws: more than noise, far less than 1
    expect(steered.tv).toBeGreaterThan(redraws.tv);
    expect(steered.tv).toBeLessThan(0.5);
  }, 120_000);
});
