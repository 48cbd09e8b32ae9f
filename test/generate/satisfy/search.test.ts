/**
 * --satisfy's steered part and its proof, against exhaustive enumeration:
 * over random small tree grammars with random violation rules, either every
 * seed gets an artifact that derives no violation, or the file is reported
 * unsatisfiable with a core of violation rules that is itself unsatisfiable
 * and minimal (without any one of its rules the file is satisfiable), and
 * enumerating every tree the grammar allows agrees with the verdict.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStyle } from '../../../src/generate/styles.js';
import { grammarStyle } from '../../../src/generate/grammar/style.js';
import type { Grammar } from '../../../src/generate/grammar/grammar.js';
import { Satisfier } from '../../../src/generate/satisfy/satisfy.js';
import type { GramlogError } from '../../../src/errors.js';
import { expectMinimalCore, unsatisfiable } from './unsat.js';

interface Spec {
  /** Per nonterminal (s, t, u): its rules, each with a weight and child symbols (t, u or the terminal z). */
  rules: Record<'s' | 't' | 'u', Array<{ w: number; children: string[] }>>;
  /** Violation rules: the rule names whose choice (all of them, anywhere) is a violation. */
  violations: string[][];
}

const ruleName = (nt: string, i: number) => `${nt}${i}`;

function grammarText(spec: Spec): { head: string; violations: string[] } {
  const lines = ['(start s)'];
  for (const nt of ['s', 't', 'u'] as const) {
    spec.rules[nt].forEach((r, i) => {
      lines.push(`(rule ${nt} ${ruleName(nt, i)} ${r.w})`);
      r.children.forEach((c, j) => lines.push(`(child ${ruleName(nt, i)} ${j} ${c})`));
    });
  }
  const violations = spec.violations.map((names, k) => `(<= (violation v${k}) ${names.map((n, j) => `(chose ?n${j} ${n})`).join(' ')})`);
  return { head: lines.join('\n') + '\n', violations };
}

/** Every tree of the grammar as forced choices PATH -> RULE (s's children may only be t, u or z; t and u are leaves' parents). */
function allTrees(spec: Spec, symbol: string, path: string): Array<Record<string, string>> {
  if (symbol === 'z') return [{}];
  const out: Array<Record<string, string>> = [];
  spec.rules[symbol as 's' | 't' | 'u'].forEach((r, i) => {
    let partial: Array<Record<string, string>> = [{ [path]: ruleName(symbol, i) }];
    r.children.forEach((c, j) => {
      const subs = allTrees(spec, c, `${path}/${j}`);
      partial = partial.flatMap((p) => subs.map((s) => ({ ...p, ...s })));
    });
    out.push(...partial);
  });
  return out;
}

/** Whether some tree derives no violation under the violation rules `kept` (exhaustive enumeration). */
function enumerationSat(spec: Spec, kept: readonly string[]): boolean {
  const { head } = grammarText(spec);
  const c = compileStyle([{ file: 'g.gdl', text: head + kept.join('\n') + '\n' }]);
  const g = c.grammar as Grammar;
  return allTrees(spec, 's', 'n').some((choose) => {
    const a = grammarStyle.generate(g, 0, { choose: Object.entries(choose).map(([k, v]) => `${k}=${v}`) });
    return grammarStyle.violations(a).facts.length === 0;
  });
}

const leafRules = fc.array(fc.record({ w: fc.integer({ min: 1, max: 3 }), children: fc.constant([] as string[]) }), { minLength: 1, maxLength: 3 });
const specArb: fc.Arbitrary<Spec> = fc
  .record({
    s: fc.array(fc.record({ w: fc.integer({ min: 1, max: 3 }), children: fc.array(fc.constantFrom('t', 'u', 'z'), { maxLength: 2 }) }), { minLength: 1, maxLength: 3 }),
    t: leafRules,
    u: leafRules,
  })
  .chain((rules) => {
    const names = (['s', 't', 'u'] as const).flatMap((nt) => rules[nt].map((_, i) => ruleName(nt, i)));
    return fc.array(fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 2 }), { maxLength: 4 }).map((violations) => ({ rules, violations }));
  });

describe('--satisfy: the search over choice points and the unsatisfiable core', () => {
  it('agrees with exhaustive enumeration on random small grammars', () => {
    const verdicts = { sat: 0, unsat: 0 };
    fc.assert(
      fc.property(specArb, (spec) => {
        const { head, violations } = grammarText(spec);
        const sources = [{ file: 'g.gdl', text: head + violations.join('\n') + '\n' }];
        const compiled = compileStyle(sources);
        expect(compiled.grammar).toBeDefined();
        const sat = enumerationSat(spec, violations);
        verdicts[sat ? 'sat' : 'unsat']++;
        // one exact draw only, so the search does the work
        const satisfier = new Satisfier(grammarStyle, compiled.grammar, {}, { draws: 1, search: 100_000 }, { sources, compileOptions: {}, compiled });
        if (sat) {
          for (let seed = 0; seed < 4; seed++) expect(grammarStyle.violations(satisfier.one(seed).artifact as never).facts).toEqual([]);
          return;
        }
        expectMinimalCore(unsatisfiable(satisfier), violations, head.split('\n').length, (kept) => enumerationSat(spec, kept));
      }),
      { numRuns: 100, seed: 31 },
    );
    // both verdicts were put to the test
    expect(verdicts.sat).toBeGreaterThan(10);
    expect(verdicts.unsat).toBeGreaterThan(5);
  });

  it('a grammar whose every rule some violation forbids: exactly those violation lines', () => {
    const text = '(start room)\n(rule room small 1)\n(rule room big 2)\n(rule room hall 1)\n(<= (violation tiny ?n) (chose ?n small))\n(<= (violation vast ?n) (chose ?n big))\n(<= (violation long ?n) (chose ?n hall))\n(<= (violation both ?n) (chose ?n small) (chose ?n big))\n';
    const sources = [{ file: 'rooms.gdl', text }];
    const compiled = compileStyle(sources);
    const satisfier = new Satisfier(grammarStyle, compiled.grammar, {}, {}, { sources, compileOptions: {}, compiled });
    let error: GramlogError | undefined;
    try {
      satisfier.one(5);
    } catch (e) {
      error = e as GramlogError;
    }
    expect(error?.code).toBe('satisfy/unsatisfiable');
    expect(error?.diagnostics.filter((d) => d.span).map((d) => d.span?.line)).toEqual([5, 6, 7]);
    // the proof is kept: every other seed fails at once, the same way
    expect(() => satisfier.one(6)).toThrow(error?.message as string);
  });

  it('a grammar that cannot generate at all says so instead of naming a core', () => {
    const text = '(start room)\n(maxdepth 2)\n(rule room door 1)\n(child door 0 room)\n(<= (violation v ?n) (chose ?n door))\n';
    const sources = [{ file: 'loop.gdl', text }];
    const compiled = compileStyle(sources);
    const satisfier = new Satisfier(grammarStyle, compiled.grammar, {}, { draws: 2 }, { sources, compileOptions: {}, compiled });
    expect(() => satisfier.one(0)).toThrow(/no artifact can be generated at all.*generate\/maxdepth/);
  });

  it('steers the fewest, latest draws: a tree whose one leaf broke a rule changes that leaf only', () => {
    const text = '(start s)\n(rule s pair 1)\n(child pair 0 t)\n(child pair 1 t)\n(rule t x 1)\n(rule t y 1)\n(<= (violation two-y) (chose n/0 y) (chose n/1 y))\n';
    const sources = [{ file: 'pair.gdl', text }];
    const compiled = compileStyle(sources);
    const satisfier = new Satisfier(grammarStyle, compiled.grammar, {}, { draws: 1 }, { sources, compileOptions: {}, compiled });
    let steered = 0;
    for (let seed = 0; seed < 40; seed++) {
      const got = satisfier.one(seed);
      expect(grammarStyle.violations(got.artifact as never).facts).toEqual([]);
      if (got.how.method === 'search') {
        steered++;
        expect(got.how.steered).toEqual([{ key: 'n/1', drawn: 'y', chosen: 'x', avoided: ['(violation two-y)'] }]);
      }
    }
    expect(steered).toBeGreaterThan(3);
  });
});
